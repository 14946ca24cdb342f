// http_ece (the Web Push payload encoding, RFC 8188/8291) ships no types: the part the push fake
// uses.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  /** The plaintext of `buffer`; aes128gcm reads the sender's key from its header (the key id). */
  export function decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
}
