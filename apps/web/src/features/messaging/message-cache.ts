// Keeping the loaded messages of a conversation in step with what I just posted or deleted,
// before the server's copy comes back.
import type { TGroupMessage } from "@hostfield/domain/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { TListResult } from "../../lib/api";
import { groupKeys, threadKeys } from "./messaging-api";

export type TMessagePages = InfiniteData<TListResult<TGroupMessage>>;

/**
 * Shows my change in the loaded messages, then asks the server for the truth (and my threads). A
 * read under way may have started before my change was stored, and a refetch joins a first load
 * instead of replacing it: that read is cancelled first, so its answer is never the last word.
 */
async function changeMessages(
  queryClient: QueryClient,
  groupId: string,
  change: (data: TMessagePages) => TMessagePages,
): Promise<void> {
  const key = groupKeys.messages(groupId);
  void queryClient.invalidateQueries({ queryKey: threadKeys.all });
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<TMessagePages>(key, (data) => (data ? change(data) : data));
  await queryClient.invalidateQueries({ queryKey: key });
}

/** Puts a message I posted at the newest end. */
export function addPostedMessage(queryClient: QueryClient, message: TGroupMessage): void {
  void changeMessages(queryClient, message.groupId, (data) => {
    const first = data.pages[0];
    if (!first || first.items.some((item) => item.id === message.id)) return data;
    const pages = [
      { items: [message, ...first.items], count: first.count + 1 },
      ...data.pages.slice(1),
    ];
    return { ...data, pages };
  });
}

/** Takes a deleted message out of the loaded pages. */
export function dropMessage(queryClient: QueryClient, groupId: string, messageId: string): void {
  void changeMessages(queryClient, groupId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      items: page.items.filter((item) => item.id !== messageId),
      count: page.count,
    })),
  }));
}
