// Rows of the assistant's tables as the API shows them. An exchange names its asker only to the
// asker and to admins; a message's debugging view only to admins.
import type {
  TAssistantMessage,
  TAssistantMessageWithDebug,
  TExchange,
} from "@hostfield/domain/contracts";
import type { TAssistantContext } from "./context";
import type { TExchangeRow, TMessageRow } from "./repository";
import { destinationIdsOf } from "./repository";

export function presentMessage(row: TMessageRow): TAssistantMessage {
  return {
    id: row.id,
    exchangeId: row.exchangeId,
    role: row.role,
    content: row.content,
    citations: row.citations,
    suggestions: row.suggestions,
    answered: row.answered,
    handoff: row.handoff,
    draft: row.draft ?? null,
    provider: row.provider ?? null,
    feedback:
      row.feedbackRating && row.feedbackDate
        ? {
            rating: row.feedbackRating,
            comment: row.feedbackComment,
            date: row.feedbackDate.toISOString(),
          }
        : null,
    createdDate: row.createdDate.toISOString(),
  };
}

export function presentMessageWithDebug(
  row: TMessageRow,
  admin: boolean,
): TAssistantMessageWithDebug {
  return { ...presentMessage(row), debug: admin ? (row.debug ?? null) : null };
}

/** Who looks at a list of exchanges: admins and askers see who asked, managers do not. */
export type TExchangeViewer = { admin: boolean; userId: string | null };

export async function presentExchanges(
  ctx: TAssistantContext,
  rows: readonly TExchangeRow[],
  viewer: TExchangeViewer,
): Promise<TExchange[]> {
  const names = await ctx.profiles.profileNames(destinationIdsOf(rows));
  const askerIds = [
    ...new Set(
      rows.flatMap((r) =>
        r.userId && (viewer.admin || r.userId === viewer.userId) ? [r.userId] : [],
      ),
    ),
  ];
  const askers = new Map(
    (await Promise.all(askerIds.map((id) => ctx.users.person(id)))).flatMap((p) =>
      p ? [[p.id, p] as const] : [],
    ),
  );
  return rows.map((row) => {
    const destination = row.destinationId ? names.get(row.destinationId) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      destination: destination ? { id: destination.id, name: destination.name } : null,
      title: row.title,
      messageCount: row.messageCount,
      feedback: { up: row.upCount, down: row.downCount },
      asker: row.userId ? (askers.get(row.userId) ?? null) : null,
      createdDate: row.createdDate.toISOString(),
      updatedDate: row.updatedDate.toISOString(),
    };
  });
}
