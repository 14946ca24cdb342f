// oidc-provider's storage adapter over our own table, so sessions, grants and refresh tokens
// survive restarts and are shared by every server process.
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { TDb } from "../db/database";
import * as repo from "./repository";

// Models whose rows are removed together when a grant is revoked.
const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "ClientCredentials",
  "Client",
  "InitialAccessToken",
  "RegistrationAccessToken",
  "Grant",
  "BackchannelAuthenticationRequest",
]);

export function createAdapterFactory(db: TDb) {
  return (model: string): Adapter => {
    const find = async (key: repo.TPayloadKey) => {
      const row = await repo.findPayload(db, model, key);
      if (!row) return undefined;
      if (row.expiresDate && row.expiresDate.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedDate
        ? { ...payload, consumed: Math.floor(row.consumedDate.getTime() / 1000) }
        : payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        await repo.upsertPayload(db, {
          model,
          id,
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          accountId: payload.accountId ?? null,
          expiresDate: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        });
      },
      find: (id) => find({ by: "id", value: id }),
      findByUserCode: (userCode) => find({ by: "userCode", value: userCode }),
      findByUid: (uid) => find({ by: "uid", value: uid }),
      consume: (id) => repo.consumePayload(db, model, id),
      destroy: (id) => repo.deletePayload(db, model, id),
      async revokeByGrantId(grantId) {
        if (GRANTABLE.has(model)) await repo.deletePayloadsOfGrant(db, grantId);
      },
    };
  };
}

/** Ends every session, grant and token of an account (deletion, password change, block). */
export const revokeAccountSessions = (db: TDb, accountId: string) =>
  repo.deletePayloadsOfAccount(db, accountId);

/** Removes expired rows; run now and then, so the table does not grow without bound. */
export const pruneExpiredPayloads = (db: TDb) => repo.deleteExpiredPayloads(db);
