import { errors, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTokenVerifier, localKeySet, TOKEN_LEEWAY_SECONDS } from "./bearer";

const ISSUER = "https://hostfield.test";
const AUDIENCE = "hostfield-api";
const HOUR = 3600;
const START = new Date("2030-05-01T12:00:00Z");

async function keys() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "k1", alg: "RS256", use: "sig" };
  return {
    privateKey,
    verify: createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      keys: localKeySet([jwk]),
      maxLifetimeSeconds: HOUR,
    }),
  };
}

const sign = (
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>["privateKey"],
  iat: number,
  exp: number,
) =>
  new SignJWT({ sub: "user-1" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe("the access-token verifier", () => {
  it("answers a token it verified before with its claims, and refuses it once it has expired", async () => {
    const { privateKey, verify } = await keys();
    const now = START.getTime() / 1000;
    const token = await sign(privateKey, now, now + 120);
    expect((await verify(token)).sub).toBe("user-1");
    vi.setSystemTime(START.getTime() + 30_000);
    expect((await verify(token)).sub).toBe("user-1");
    // Past its expiry and the leeway: refused as expired, though it was verified before.
    vi.setSystemTime((now + 120 + TOKEN_LEEWAY_SECONDS + 1) * 1000);
    await expect(verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it("refuses a token older than access tokens live, though it was verified while young enough", async () => {
    const { privateKey, verify } = await keys();
    const now = START.getTime() / 1000;
    // Issued 59 minutes ago, living an hour: accepted now, too old two minutes later.
    const token = await sign(privateKey, now - 59 * 60, now + 60);
    expect((await verify(token)).sub).toBe("user-1");
    vi.setSystemTime((now + 2 * 60 + TOKEN_LEEWAY_SECONDS) * 1000);
    await expect(verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it("does not take an altered token for the one it verified", async () => {
    const { privateKey, verify } = await keys();
    const now = START.getTime() / 1000;
    const token = await sign(privateKey, now, now + HOUR);
    await verify(token);
    const [header, payload, signature] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const altered = [
      header,
      Buffer.from(JSON.stringify({ ...forged, sub: "admin" })).toString("base64url"),
      signature,
    ].join(".");
    await expect(verify(altered)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    const badSignature = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    await expect(verify(badSignature)).rejects.toBeInstanceOf(Error);
  });
});
