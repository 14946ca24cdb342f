// Only this file reads or writes the provider's state (oidc_payloads) and its signing keys.
import { and, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/database";
import { constant, statementCache } from "../db/statements";
import { oidcPayloads, signingKeys } from "./schema";

export type TPayloadRow = typeof oidcPayloads.$inferSelect;
export type TPayloadValues = typeof oidcPayloads.$inferInsert;
export type TPayloadKey = { by: "id" | "userCode" | "uid"; value: string };

const column = {
  id: oidcPayloads.id,
  userCode: oidcPayloads.userCode,
  uid: oidcPayloads.uid,
} as const;

export async function upsertPayload(db: TDb, values: TPayloadValues): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values(values)
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
}

export async function findPayload(
  db: TDb,
  model: string,
  key: TPayloadKey,
): Promise<TPayloadRow | undefined> {
  const rows = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(column[key.by], key.value)));
  return rows[0];
}

/** Every signed-in request of our own provider's tokens asks for its grant: the plan is kept. */
const grantStatements = statementCache({ keepPlans: true });

export async function isGrantActive(db: TDb, grantId: string): Promise<boolean> {
  const rows = await grantStatements<{ id: string }>(db, "activeGrant", (bind) =>
    db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, constant("Grant")),
          eq(oidcPayloads.id, bind("id", grantId)),
          or(
            isNull(oidcPayloads.expiresDate),
            gt(oidcPayloads.expiresDate, bind("now", new Date())),
          ),
        ),
      ),
  );
  return rows.length > 0;
}

export async function consumePayload(db: TDb, model: string, id: string): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedDate: new Date() })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function deletePayload(db: TDb, model: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function deletePayloadsOfGrant(db: TDb, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
}

/** Every session, grant and token of an account, and everything issued under its grants. */
export async function deletePayloadsOfAccount(db: TDb, accountId: string): Promise<void> {
  const ofGrants: SQL = sql`select ${oidcPayloads.id} from ${oidcPayloads}
    where ${oidcPayloads.model} = 'Grant' and ${oidcPayloads.accountId} = ${accountId}`;
  await db.execute(sql`
    delete from ${oidcPayloads}
    where ${oidcPayloads.accountId} = ${accountId} or ${oidcPayloads.grantId} in (${ofGrants})`);
}

export async function deleteExpiredPayloads(db: TDb): Promise<number> {
  const result = await db.execute(
    sql`delete from ${oidcPayloads} where ${oidcPayloads.expiresDate} < now()`,
  );
  return result.rowCount ?? 0;
}

export const listSigningKeys = (db: TDb) =>
  db.select().from(signingKeys).orderBy(desc(signingKeys.createdDate));

export async function insertSigningKey(db: TDb, kid: string, sealedJwk: string): Promise<void> {
  await db.insert(signingKeys).values({ kid, privateJwk: sealedJwk });
}

export async function retireActiveSigningKeys(db: TDb): Promise<void> {
  await db
    .update(signingKeys)
    .set({ retiredDate: new Date() })
    .where(isNull(signingKeys.retiredDate));
}
