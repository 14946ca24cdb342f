// Keeping the loaded messages of a conversation in step with what I just posted or deleted,
// before the server's copy comes back.
import type { TGroupMessage } from "@hostfield/domain/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { TListResult } from "../../lib/api";
import { groupKeys, threadKeys } from "./messaging-api";

export type TMessagePages = InfiniteData<TListResult<TGroupMessage>>;

/** Puts a message I posted at the newest end, then asks the server for the truth. */
export function addPostedMessage(queryClient: QueryClient, message: TGroupMessage): void {
  const key = groupKeys.messages(message.groupId);
  queryClient.setQueryData<TMessagePages>(key, (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    if (first.items.some((item) => item.id === message.id)) return data;
    const pages = [
      { items: [message, ...first.items], count: first.count + 1 },
      ...data.pages.slice(1),
    ];
    return { ...data, pages };
  });
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: threadKeys.all });
}

/** Takes a deleted message out of the loaded pages. */
export function dropMessage(queryClient: QueryClient, groupId: string, messageId: string): void {
  const key = groupKeys.messages(groupId);
  queryClient.setQueryData<TMessagePages>(key, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            items: page.items.filter((item) => item.id !== messageId),
            count: page.count,
          })),
        }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: threadKeys.all });
}
