// Signatures for addresses the server hands out and later honours (a pending listing's image
// grants, a group member's file links): an HMAC under a key derived from the server's secret for
// one purpose, so a signature made for one use never passes for another; checked in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

export type TSigner = {
  /** The signature of these parts, in this order (base64url, `length` characters at most). */
  sign(...parts: string[]): string;
  /** Whether `given` is the signature of these parts. */
  verify(given: string | undefined, ...parts: string[]): boolean;
};

export function keyedSigner(secret: string, purpose: string, length = 43): TSigner {
  const key = createHmac("sha256", secret).update(purpose).digest();
  const sign = (...parts: string[]) =>
    createHmac("sha256", key).update(parts.join("\n")).digest("base64url").slice(0, length);
  return {
    sign,
    verify(given, ...parts) {
      if (!given) return false;
      const expected = Buffer.from(sign(...parts));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
