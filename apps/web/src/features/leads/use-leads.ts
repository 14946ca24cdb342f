// Server state of the lead pages: my listings, a listing's board, staff and my rights on it, and
// the cache changes after a lead moved or was assigned.

import type { TLead, TLeadCard, TPipeline } from "@hostfield/domain/contracts";
import type { TLeadStatus, TProfileKind } from "@hostfield/domain/reference";
import type { TVenueKind } from "@hostfield/domain/rules";
import { type QueryClient, useQueries, useQuery } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth";
import {
  BOARD_COLUMN_SIZE,
  getListingAbilities,
  leadKeys,
  listMyRecipients,
  listStaff,
  loadBoard,
  loadColumnLeads,
  loadMyBoard,
} from "./leads-api";

export function useMyRecipients() {
  const { user } = useAuth();
  const viewer = user?.id ?? "";
  return useQuery({
    queryKey: leadKeys.recipients(viewer),
    queryFn: ({ signal }) => listMyRecipients(signal),
    enabled: viewer !== "",
    staleTime: 60_000,
  });
}

export function useBoard(kind: TVenueKind, id: string) {
  return useQuery({
    queryKey: leadKeys.board(kind, id),
    queryFn: ({ signal }) => loadBoard(kind, id, signal),
  });
}

/** How many further pages ("Show more") each column of a venue's board shows. */
export type TColumnPages = Partial<Record<TLeadStatus, number>>;

/**
 * A venue board's further pages, as many per column as `pages` asks: each column's leads after the
 * first BOARD_COLUMN_SIZE, by the venue's lead list filtered to that status. Null without a venue
 * (all my venues' board has no such list).
 */
export function useColumnPages(
  venue: { kind: TVenueKind; id: string } | null,
  pages: TColumnPages,
) {
  const wanted = venue
    ? Object.entries(pages).flatMap(([status, n]) =>
        Array.from({ length: n ?? 0 }, (_, page) => ({ status: status as TLeadStatus, page })),
      )
    : [];
  return useQueries({
    queries: wanted.map(({ status, page }) => ({
      queryKey: leadKeys.columnPage(venue!.kind, venue!.id, status, page),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        loadColumnLeads(venue!.kind, venue!.id, status, (page + 1) * BOARD_COLUMN_SIZE, signal),
    })),
    combine: (results) => ({
      /** Each column's further leads, in page order (those loaded so far). */
      leads: (status: TLeadStatus): TLead[] =>
        wanted.flatMap((w, i) => (w.status === status ? (results[i]?.data?.items ?? []) : [])),
      /** Whether a page of the column is on its way. */
      loading: (status: TLeadStatus) =>
        wanted.some((w, i) => w.status === status && results[i]?.isPending),
      /** The first failure among the column's pages. */
      error: (status: TLeadStatus) =>
        wanted.map((w, i) => (w.status === status ? results[i]?.error : null)).find(Boolean) ??
        null,
      /** Asks again for the column's pages that failed. */
      retry: (status: TLeadStatus) => {
        wanted.forEach((w, i) => {
          if (w.status === status && results[i]?.isError) void results[i].refetch();
        });
      },
    }),
  });
}

/** The board of all my venues, asked for only when `enabled` (several venues to show). */
export function useMyBoard(enabled: boolean) {
  const { user } = useAuth();
  const viewer = user?.id ?? "";
  return useQuery({
    queryKey: leadKeys.myBoard(viewer),
    queryFn: ({ signal }) => loadMyBoard(signal),
    enabled: enabled && viewer !== "",
  });
}

export function useStaff(kind: TProfileKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: leadKeys.staff(kind, id),
    queryFn: () => listStaff(kind, id),
    enabled,
    staleTime: 60_000,
  });
}

/** The profile ability that makes someone a manager of a listing (policy.recipientRole). */
const MANAGER_ABILITY = "profile.update";

/**
 * What I may do with the leads of one listing: its managers (and admins) answer and assign them;
 * the member a lead is assigned to answers that lead. Until my rights are known, nothing is
 * offered; if they cannot be read, the actions show and the server has the last word.
 */
export function useLeadRights(kind: TProfileKind, id: string) {
  const auth = useAuth();
  const me = auth.user?.id ?? "";
  const abilities = useQuery({
    queryKey: leadKeys.abilities(kind, id, me),
    queryFn: () => getListingAbilities(kind, id),
    enabled: me !== "" && !auth.isAdmin,
    staleTime: 60_000,
  });
  const manager = auth.isAdmin || abilities.isError || abilities.data?.includes(MANAGER_ABILITY);
  return leadRights(auth.isAdmin, me, () => Boolean(manager));
}

export type TLeadRights = ReturnType<typeof leadRights>;

/**
 * What I may do with leads, given which of them I manage (their venue's managers and admins
 * answer and assign them); the member a lead is assigned to answers that lead.
 */
export function leadRights(
  isAdmin: boolean,
  me: string,
  manages: (lead: Pick<TLeadCard, "owner">) => boolean,
) {
  return {
    isAdmin,
    manages: (lead: Pick<TLeadCard, "owner">) => isAdmin || manages(lead),
    canRespond: (lead: Pick<TLeadCard, "owner" | "assignedUser">) =>
      isAdmin || manages(lead) || (me !== "" && lead.assignedUser?.id === me),
  };
}

/** My rights over the leads of all my venues, from what the board says I manage. */
export function useMyBoardRights(venues: readonly { ownerId: string; canManage: boolean }[]) {
  const auth = useAuth();
  const managed = new Set(venues.filter((v) => v.canManage).map((v) => v.ownerId));
  return leadRights(auth.isAdmin, auth.user?.id ?? "", (lead) => managed.has(lead.owner.ownerId));
}

/** Puts a changed lead into its column of every cached board, so the move shows at once. */
function placeOnBoard(board: TPipeline, lead: TLead): TPipeline {
  const before = board.columns.find((column) => column.leads.some((l) => l.id === lead.id));
  if (!before) return board;
  return {
    ...board,
    columns: board.columns.map((column) => {
      const others = column.leads.filter((l) => l.id !== lead.id);
      const moved = before.status !== lead.status;
      if (column.status === lead.status) {
        return {
          ...column,
          count: column.count + (moved ? 1 : 0),
          leads: moved ? [lead, ...others] : column.leads.map((l) => (l.id === lead.id ? lead : l)),
        };
      }
      if (column.status === before.status && moved) {
        return { ...column, count: Math.max(0, column.count - 1), leads: others };
      }
      return column;
    }),
  };
}

/** After a lead changed: the lead itself, the boards it is on, then a fresh look at both. */
export async function leadChanged(queryClient: QueryClient, lead: TLead): Promise<void> {
  queryClient.setQueryData(leadKeys.lead(lead.eventId, lead.id), lead);
  queryClient.setQueriesData<TPipeline>({ queryKey: leadKeys.boards }, (board) =>
    board ? placeOnBoard(board, lead) : board,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.boards }),
    queryClient.invalidateQueries({ queryKey: leadKeys.columnPages }),
    queryClient.invalidateQueries({ queryKey: ["leads", "stats"] }),
    queryClient.invalidateQueries({ queryKey: leadKeys.lead(lead.eventId, lead.id) }),
  ]);
}
