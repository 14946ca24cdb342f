// Grants: a signature in a /media address (`?grant=`) that opens a file its rules hide (a pending
// listing's) to whoever the API gave the address to, since browsers load images without the API's
// bearer token. Keyed by the server's secret, set once at start (buildApp).
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

let grantKey: Buffer | null = null;

export function setMediaGrantSecret(secret: string): void {
  grantKey = createHash("sha256").update(`media-grant:${secret}`).digest();
}

export function mediaGrant(key: string): string {
  if (!grantKey) throw new Error("media grants are used before the server set their secret");
  return createHmac("sha256", grantKey).update(key).digest("base64url").slice(0, 22);
}

export function isMediaGrant(key: string, grant: string | undefined): boolean {
  if (!grant || !grantKey) return false;
  const expected = Buffer.from(mediaGrant(key));
  const given = Buffer.from(grant);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
