// The other person of a direct conversation: their name stands in for "Direct message".
import type { TPerson } from "@hostfield/domain/contracts";
import { useQuery } from "@tanstack/react-query";
import { DIRECT_GROUP_NAME, getDirectPartner, partnerKeys } from "./messaging-api";

const PARTNER_STALE_MS = 5 * 60_000;

export function useDirectPartner(
  groupId: string,
  myUserId: string,
  isDirect: boolean,
): TPerson | null {
  const partner = useQuery({
    queryKey: partnerKeys.one(groupId),
    queryFn: () => getDirectPartner(groupId, myUserId),
    enabled: isDirect,
    staleTime: PARTNER_STALE_MS,
  });
  return isDirect ? (partner.data ?? null) : null;
}

/** What to call a conversation: its name, or for a direct one the other person's name. */
export function useConversationName(
  group: { id: string; name: string; kind: "group" | "direct" },
  myUserId: string,
): { name: string; partner: TPerson | null } {
  const partner = useDirectPartner(group.id, myUserId, group.kind === "direct");
  if (group.kind !== "direct") return { name: group.name, partner: null };
  return { name: partner?.name ?? (group.name || DIRECT_GROUP_NAME), partner };
}
