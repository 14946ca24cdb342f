// Server state of the lead pages: my listings, a listing's board, staff and my rights on it, and
// the cache changes after a lead moved or was assigned.

import type { TLead, TLeadCard, TPipeline } from "@hostfield/domain/contracts";
import type { TLeadStatus, TProfileKind } from "@hostfield/domain/reference";
import {
  decodeQuery,
  enumCodec,
  stringCodec,
  type TVenueKind,
  VENUE_KINDS,
} from "@hostfield/domain/rules";
import {
  type QueryClient,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../../lib/auth";
import {
  BOARD_COLUMN_SIZE,
  getListingAbilities,
  leadKeys,
  listMyRecipients,
  listStaff,
  loadBoard,
  loadColumnLeads,
  loadLeadStats,
  loadMyBoard,
} from "./leads-api";

const recipientsQuery = (viewer: string) =>
  queryOptions({
    queryKey: leadKeys.recipients(viewer),
    queryFn: ({ signal }) => listMyRecipients(signal),
    enabled: viewer !== "",
    staleTime: 60_000,
  });

const boardQuery = (kind: TVenueKind, id: string) =>
  queryOptions({
    queryKey: leadKeys.board(kind, id),
    queryFn: ({ signal }) => loadBoard(kind, id, signal),
    // As fresh as the app's reads are by default, also where a client sets none: the board asked
    // for early is the one drawn, not asked for again when it mounts.
    staleTime: 30_000,
  });

const statsQuery = (kind: TVenueKind, id: string) =>
  queryOptions({
    queryKey: leadKeys.stats(kind, id),
    queryFn: () => loadLeadStats(kind, id),
    staleTime: 30_000, // as the board's
  });

const abilitiesQuery = (kind: TProfileKind, id: string, viewer: string) =>
  queryOptions({
    queryKey: leadKeys.abilities(kind, id, viewer),
    queryFn: () => getListingAbilities(kind, id),
    staleTime: 60_000,
  });

export function useMyRecipients() {
  const { user } = useAuth();
  return useQuery(recipientsQuery(user?.id ?? ""));
}

export function useBoard(kind: TVenueKind, id: string) {
  return useQuery(boardQuery(kind, id));
}

/** A venue's leads per status and how fast it usually answers. */
export function useLeadStats(kind: TVenueKind, id: string) {
  return useQuery(statsQuery(kind, id));
}

/** The pipeline page's address: a venue and its kind, or all my venues (neither). */
export const PIPELINE_PARAMS = { profile: stringCodec, kind: enumCodec(VENUE_KINDS) };

/** Who asks: the signed-in user's id, and whether the token says they are an admin. */
type TViewer = { id: string; isAdmin: boolean };

/**
 * The pipeline page's first calls, sent as soon as the session is known, beside the profile's:
 * my venues, and the board, stats and my rights of the venue the address names with its kind.
 * Otherwise each waits for the one before it to answer and the page to render once more, and the
 * last replies break into the drawing of the cards. A wrong kind in the address costs refused
 * calls that nothing shows: the board drawn is the one of the venue my list names.
 */
function sendPipelineCalls(
  queryClient: QueryClient,
  viewer: TViewer,
  venue: { kind: TVenueKind; id: string } | null,
): void {
  void queryClient.prefetchQuery(recipientsQuery(viewer.id));
  if (!venue) return;
  void queryClient.prefetchQuery(boardQuery(venue.kind, venue.id));
  void queryClient.prefetchQuery(statsQuery(venue.kind, venue.id));
  // An admin's rights are known without asking (useLeadRights).
  if (!viewer.isAdmin)
    void queryClient.prefetchQuery(abilitiesQuery(venue.kind, venue.id, viewer.id));
}

/** The pipeline page's first calls (above), once the app knows who is signed in. */
export function useEarlyPipelineCalls(venue: { kind: TVenueKind; id: string } | null) {
  const { user, isAdmin } = useAuth();
  const queryClient = useQueryClient();
  const viewer = user?.id ?? "";
  const kind = venue?.kind;
  const id = venue?.id;
  useEffect(() => {
    if (viewer === "") return;
    sendPipelineCalls(queryClient, { id: viewer, isAdmin }, kind && id ? { kind, id } : null);
  }, [queryClient, viewer, isAdmin, kind, id]);
}

/**
 * The same calls for a page load's address, sent before the app has rendered (app/early-calls.ts);
 * the page then finds them asked for, and its own ask adds none.
 */
export function sendEarlyPipelineCalls(
  queryClient: QueryClient,
  viewer: TViewer,
  search: URLSearchParams,
): void {
  const { profile, kind } = decodeQuery(search, PIPELINE_PARAMS);
  sendPipelineCalls(queryClient, viewer, profile && kind ? { kind, id: profile } : null);
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
    ...abilitiesQuery(kind, id, me),
    enabled: me !== "" && !auth.isAdmin,
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
