// Grants: a signature in a /media address (`?grant=`) that opens a file its rules hide (a pending
// listing's) to whoever the API gave the address to, since browsers load images without the API's
// bearer token. Keyed by the server's secret, set once at start (buildApp).
import { keyedSigner, type TSigner } from "../crypto/signer";

let signer: TSigner | null = null;

export function setMediaGrantSecret(secret: string): void {
  signer = keyedSigner(secret, "media-grant", 22);
}

export function mediaGrant(key: string): string {
  if (!signer) throw new Error("media grants are used before the server set their secret");
  return signer.sign(key);
}

export function isMediaGrant(key: string, grant: string | undefined): boolean {
  return signer?.verify(grant, key) ?? false;
}
