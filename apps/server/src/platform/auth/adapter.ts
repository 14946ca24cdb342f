// oidc-provider's storage adapter over our own table, so sessions, grants and refresh tokens
// survive restarts and are shared by every server process. It is the provider's one door to the
// database: a value PostgreSQL cannot store (a NUL character, from any parameter) is refused here
// as invalid_request, and a database that does not answer is temporarily_unavailable (503).
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { TDb } from "../db/database";
import { orUnavailable, refuseNul } from "./provider-errors";
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
      refuseNul(key.value);
      const row = await orUnavailable(() => repo.findPayload(db, model, key));
      if (!row) return undefined;
      if (row.expiresDate && row.expiresDate.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedDate
        ? { ...payload, consumed: Math.floor(row.consumedDate.getTime() / 1000) }
        : payload;
    };
    /** Refuses a NUL in what is stored or looked up, then runs the call against the database. */
    const stored = <T>(values: unknown[], work: () => Promise<T>) => {
      refuseNul(...values);
      return orUnavailable(work);
    };
    return {
      upsert: (id, payload, expiresIn) =>
        stored([id, payload], () =>
          repo.upsertPayload(db, {
            model,
            id,
            payload,
            grantId: payload.grantId ?? null,
            userCode: payload.userCode ?? null,
            uid: payload.uid ?? null,
            accountId: payload.accountId ?? null,
            expiresDate: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
          }),
        ),
      find: (id) => find({ by: "id", value: id }),
      findByUserCode: (userCode) => find({ by: "userCode", value: userCode }),
      findByUid: (uid) => find({ by: "uid", value: uid }),
      consume: (id) => stored([id], () => repo.consumePayload(db, model, id)),
      destroy: (id) => stored([id], () => repo.deletePayload(db, model, id)),
      revokeByGrantId: (grantId) =>
        stored([grantId], async () => {
          if (GRANTABLE.has(model)) await repo.deletePayloadsOfGrant(db, grantId);
        }),
    };
  };
}

/**
 * True while the grant is stored and unexpired. The provider deletes a grant when it is revoked:
 * refresh-token reuse, a revoked refresh token, a logout; its access tokens then stop at once.
 */
export const isGrantActive = (db: TDb, grantId: string) => repo.isGrantActive(db, grantId);

/** Ends every session, grant and token of an account (deletion, password change, block). */
export const revokeAccountSessions = (db: TDb, accountId: string) =>
  repo.deletePayloadsOfAccount(db, accountId);

/** Removes expired rows; run now and then, so the table does not grow without bound. */
export const pruneExpiredPayloads = (db: TDb) => repo.deleteExpiredPayloads(db);
