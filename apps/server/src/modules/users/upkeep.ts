// The users module's upkeep, run by the job queue: expired sign-in records go (the provider's
// sessions, grants and codes past their expiry, e-mail links expired or used a day ago, sign-in
// failure windows a day old), so the tables do not grow without bound.
import { pruneExpiredPayloads } from "../../platform/auth/adapter";
import type { TDb } from "../../platform/db/database";
import * as repo from "./repository";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TPruned = { payloads: number; links: number; attempts: number };

export async function pruneSignInRecords(db: TDb, now: Date): Promise<TPruned> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return {
    payloads: await pruneExpiredPayloads(db),
    links: await repo.deleteStaleLinks(db, dayAgo),
    attempts: await repo.deleteStaleAttempts(db, dayAgo),
  };
}

/** Hourly, at a minute other upkeep does not use. */
export const PRUNE_SIGN_IN_CRON = "17 * * * *";
