// A fake Web Push service for the push tests (node:http on 127.0.0.1, a port of its own), and the
// browser's side of a subscription. Each device the test makes has an ECDH P-256 key pair and an
// authentication secret of its own, as a browser's PushSubscription has; the service checks each
// push the way a real one does and reads it the way the browser would:
// - the VAPID JWT (RFC 8292) in `Authorization: vapid t=…, k=…`: an ES256 signature made with the
//   private key of `k`, `aud` this service's origin, `exp` in the future and at most 24 h away;
// - the payload (RFC 8291, `Content-Encoding: aes128gcm`, RFC 8188), decrypted with the device's
//   private key and secret.
// A push that fails a check is answered 400 and recorded with the reason. The test may make a
// device's endpoint answer another status (410: the device is gone).
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as ece from "http_ece";

/** A push as the service received it, with what its checks found. */
export type TReceivedPush = {
  device: string;
  /** The VAPID public key the push was signed with (base64url), its claims, and the TTL asked. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  /** The decrypted payload, parsed. */
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the payload's fields loosely.
  payload: any;
};

export type TFakeDevice = {
  name: string;
  /** The subscription as `PushSubscription.toJSON()` gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

const b64 = (bytes: Buffer) => bytes.toString("base64url");

/** The JWT's ES256 signature over `header.payload`, made by the key `publicKey` (raw, 65 bytes). */
function checkVapid(authorization: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: "jwk",
  });
  const [header, body, signature] = token.split(".");
  if (!header || !body || !signature) throw new Error("the JWT has not three parts");
  const alg = JSON.parse(Buffer.from(header, "base64url").toString()).alg;
  if (alg !== "ES256") throw new Error(`the JWT is signed with ${alg}, not ES256`);
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the JWT's signature does not match k");
  const claims = JSON.parse(Buffer.from(body, "base64url").toString());
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    throw new Error(`exp ${claims.exp} is not within the next 24 hours`);
  return { key, claims };
}

/**
 * RFC 8291 and RFC 8188: the plaintext of an aes128gcm body, for the device's keys, read by
 * http_ece as a browser reads it (a push is one record, ending with its delimiter).
 */
export function decryptAes128gcm(
  body: Buffer,
  device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): Buffer {
  return ece.decrypt(body, {
    version: "aes128gcm",
    privateKey: device.ecdh,
    authSecret: device.auth,
  });
}

export async function startFakePushService() {
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }
  >();
  const received: TReceivedPush[] = [];
  const refused: { device: string; reason: string }[] = [];
  let origin = "";

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const device = devices.get(name);
      if (req.method !== "POST" || !device) {
        res.writeHead(404).end();
        return;
      }
      if (device.status !== 201) {
        res.writeHead(device.status).end();
        return;
      }
      try {
        const { key, claims } = checkVapid(req.headers.authorization, origin);
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const plain = decryptAes128gcm(Buffer.concat(chunks), device);
        received.push({
          device: name,
          vapidKey: key,
          claims,
          ttl: Number(req.headers.ttl),
          payload: JSON.parse(plain.toString("utf8")),
        });
        res.writeHead(201).end();
      } catch (error) {
        refused.push({ device: name, reason: (error as Error).message });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** A browser's new subscription at this service: its own keys and secret. */
    device(name: string): TFakeDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        name,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
        },
      };
    },
    /** From now on, the device's endpoint answers this status (410: unsubscribed). */
    answer(name: string, status: number) {
      const device = devices.get(name);
      if (device) device.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
