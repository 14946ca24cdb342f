// What the reports module reads of conversations: messages posted per UTC day in some
// conversations (a listing's lead conversations) by anyone but some people (the listing's own),
// i.e. the messages the listing received. Read only; offered in the groups services.
import { and, gte, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { groupMessages } from "./schema";
import type { TGroupsContext } from "./service";

/** Messages per UTC day from `from` to `to` (both included) in `groupIds`, not by `exceptAuthors`. */
async function messagesByDay(
  ctx: Pick<TGroupsContext, "db">,
  groupIds: readonly string[],
  exceptAuthors: readonly string[],
  from: string,
  to: string,
): Promise<{ day: string; count: number }[]> {
  if (groupIds.length === 0) return [];
  const day = sql<string>`to_char(${groupMessages.createdDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(groupMessages)
    .where(
      and(
        inArray(groupMessages.groupId, [...groupIds]),
        gte(groupMessages.createdDate, new Date(`${from}T00:00:00Z`)),
        lt(groupMessages.createdDate, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)),
        exceptAuthors.length === 0
          ? undefined
          : or(
              isNull(groupMessages.authorId),
              notInArray(groupMessages.authorId, [...exceptAuthors]),
            ),
      ),
    )
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** Bound to the groups context in `servicesOf`. */
export const groupReportQueries = { messagesByDay };
