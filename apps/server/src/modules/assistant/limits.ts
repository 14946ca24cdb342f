// The assistant's rate limits: questions per signed-in user and per client address in each clock
// hour, counted in the database so every server process shares them. Over either limit: 429 with
// Retry-After (the seconds until the hour ends).
import type { TPrincipal } from "../../platform/http/access";
import { RetryLater } from "../../platform/http/errors";
import type { TAssistantContext } from "./context";
import * as repo from "./repository";

const HOUR_MS = 3_600_000;

/** Counts one question of the caller and refuses it (429 with Retry-After) when over a limit. */
export async function takeQuestion(
  ctx: TAssistantContext,
  principal: TPrincipal | null,
  address: string,
): Promise<void> {
  const now = ctx.now().getTime();
  const windowStart = new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
  const userKey = principal ? `user:${principal.userId}` : null;
  const addressKey = `address:${address}`;
  const counts = await repo.countRequests(
    ctx.db,
    userKey ? [userKey, addressKey] : [addressKey],
    windowStart,
  );
  const over =
    (userKey !== null && (counts.get(userKey) ?? 0) > ctx.limits.perUserPerHour) ||
    (counts.get(addressKey) ?? 0) > ctx.limits.perAddressPerHour;
  if (over) {
    const seconds = Math.max(1, Math.ceil((windowStart.getTime() + HOUR_MS - now) / 1000));
    throw new RetryLater(
      `Too many questions to the assistant; try again in ${Math.ceil(seconds / 60)} minutes.`,
      seconds,
    );
  }
}

/** Forgets the counts of hours that ended over an hour ago (the upkeep job). */
export const pruneQuestionCounts = (ctx: TAssistantContext) =>
  repo.pruneUsage(ctx.db, new Date(ctx.now().getTime() - 2 * HOUR_MS));
