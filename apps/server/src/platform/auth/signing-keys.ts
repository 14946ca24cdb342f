// The provider's RS256 signing keys: generated once, stored encrypted, rotatable.

import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { TSecretBox } from "../crypto/secret-box";
import { inTransaction, type TDb } from "../db/database";
import { insertSigningKey, listSigningKeys, retireActiveSigningKeys } from "./repository";

async function newKey(db: TDb, box: TSecretBox): Promise<void> {
  const { privateKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  await insertSigningKey(db, kid, box.seal(JSON.stringify(jwk)));
}

/** Every key the provider knows, newest first (the first one signs); creates the first key if none. */
export async function loadSigningKeys(db: TDb, box: TSecretBox): Promise<JWK[]> {
  const read = () => listSigningKeys(db);
  let rows = await read();
  if (rows.length === 0) {
    await newKey(db, box);
    rows = await read();
  }
  // Active keys first, retired ones after (they still verify, never sign).
  const ordered = [...rows.filter((r) => !r.retiredDate), ...rows.filter((r) => r.retiredDate)];
  return ordered.map((row) => {
    let opened: string;
    try {
      opened = box.open(row.privateJwk);
    } catch {
      throw new Error(
        "The database's signing keys cannot be opened with this server's secret key. Set SECRET_KEY (or DATA_DIR, whose generated key is used otherwise) to the one the database was first used with.",
      );
    }
    return JSON.parse(opened) as JWK;
  });
}

/** Adds a new signing key and retires the others; servers pick it up on their next start. */
export async function rotateSigningKeys(db: TDb, box: TSecretBox): Promise<void> {
  await inTransaction(db, async (tx) => {
    await retireActiveSigningKeys(tx);
    await newKey(tx, box);
  });
}
