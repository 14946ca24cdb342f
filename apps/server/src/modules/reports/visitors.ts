// Who a visitor is, for one day and nothing more: the first 16 bytes of HMAC-SHA256 over the
// address and user agent, keyed by the day's random salt, as base64url. No cookie, nothing sent to
// a third party; the salt lives in `analytics_salts` until its day is over (pruneRaw deletes it),
// after which the day's hashes can no longer be tied to an address. Every process reads the same
// salt: the first to need it inserts one (on conflict, nothing), then all read the stored one.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TDb } from "../../platform/db/database";
import { analyticsSalts } from "./schema";

/** The visitor hash of an address and user agent under a day's salt. */
export function visitorHash(salt: Buffer, address: string, userAgent: string): string {
  return createHmac("sha256", salt)
    .update(`${address}\n${userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** The day's salt, created by whichever process asks first. */
export async function saltOfDay(db: TDb, day: string): Promise<Buffer> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  if (!row) throw new Error(`no analytics salt for ${day}`);
  return Buffer.from(row.salt, "base64");
}

/** Visitor hashes for one app: the salt of the day asked for is read once and kept in memory. */
export function createVisitors(db: TDb) {
  let cached: { day: string; salt: Promise<Buffer> } | null = null;
  return {
    async visitorOf(day: string, address: string, userAgent: string): Promise<string> {
      if (cached?.day !== day) {
        const salt = saltOfDay(db, day);
        cached = { day, salt };
        // A failed read is not kept: the next request asks again.
        salt.catch(() => {
          if (cached?.salt === salt) cached = null;
        });
      }
      return visitorHash(await cached.salt, address, userAgent);
    },
  };
}
export type TVisitors = ReturnType<typeof createVisitors>;
