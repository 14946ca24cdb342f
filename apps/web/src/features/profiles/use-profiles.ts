// One hook set for every listing kind (ARCHITECTURE §7): a list, one listing, what I may do with
// it, my like or follow, and its child collections. The kind picks the calls from the kind table.
import type { TProfileAbility, TProfileListFilter } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth";
import { hasSessionHint } from "../../lib/auth/session-hint";
import { kindConfig } from "./profile-kinds";
import {
  getAbilities,
  getProfile,
  listChildren,
  listFacilityDestinations,
  listInvitations,
  listMedia,
  listMembers,
  listProfiles,
  profileKeys,
  setReaction,
  type TMediaSegment,
  type TProfile,
  type TSimpleSegment,
} from "./profiles-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a listing, so it is not asked for. */
export const isListingId = (id: string | undefined): id is string =>
  id !== undefined && UUID.test(id);

/**
 * Who is looking: replies carry my reaction and my abilities, so they are cached per viewer. Ready
 * once sign-in settles, or at once when nobody signed in here lately (the viewer is anonymous, so
 * the key stays; waiting would only put the sign-in library's download in front of the page).
 */
function useViewer(): { viewer: string; ready: boolean } {
  const auth = useAuth();
  return { viewer: auth.user?.id ?? "anonymous", ready: !auth.isLoading || !hasSessionHint() };
}

/** Listed profiles of a kind matching a plain filter (names by text, states, tiers). */
export function useProfiles(
  kind: TProfileKind,
  filter: TProfileListFilter,
  options: { enabled?: boolean; take?: number } = {},
) {
  return useQuery({
    queryKey: [...profileKeys.list(kind, filter), options.take ?? 20],
    queryFn: () => listProfiles(kind, filter, { take: options.take }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useProfile(kind: TProfileKind, id: string | undefined) {
  const { viewer, ready } = useViewer();
  return useQuery({
    queryKey: profileKeys.profile(kind, id ?? "", viewer),
    queryFn: () => getProfile(kind, id ?? ""),
    enabled: ready && isListingId(id),
  });
}

/** What `my/entitlements` allows; nothing while it loads or when it fails. */
export function useAbilities(kind: TProfileKind, id: string | undefined) {
  const { viewer, ready } = useViewer();
  const query = useQuery({
    queryKey: profileKeys.abilities(kind, id ?? "", viewer),
    queryFn: () => getAbilities(kind, id ?? ""),
    enabled: ready && isListingId(id),
  });
  const granted = new Set(query.data ?? []);
  return {
    ...query,
    can: (ability: TProfileAbility) => granted.has(ability),
  };
}

/** Writes a change into every cached copy of one listing (one per viewer). */
export function useUpdateCachedProfile(kind: TProfileKind, id: string) {
  const queryClient = useQueryClient();
  return (change: (profile: TProfile) => TProfile) => {
    queryClient.setQueriesData<TProfile>(
      { queryKey: [...profileKeys.one(kind, id), "profile"] },
      (current) => (current ? change(current) : current),
    );
  };
}

/**
 * My like (or follow) of a listing and its count. Spec §4: added by POST, removed by DELETE;
 * the listing and the lists that show it are refreshed.
 */
export function useReaction(kind: TProfileKind, id: string) {
  const config = kindConfig(kind);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const profile = useProfile(kind, id);
  const update = useUpdateCachedProfile(kind, id);
  const countField = config.reaction === "likes" ? "likeCount" : "followerCount";
  const mutation = useMutation({
    mutationFn: (on: boolean) => setReaction(kind, id, on),
    onSuccess: (reply) => {
      update((current) => ({ ...current, myReaction: reply.mine, [countField]: reply.count }));
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists(kind) });
    },
  });
  const active = profile.data?.myReaction === true;
  return {
    active,
    count: profile.data ? profile.data[countField] : 0,
    signedIn: auth.isAuthenticated && auth.user !== null,
    toggle: () => mutation.mutate(!active),
    isPending: mutation.isPending,
    error: mutation.error,
    reset: mutation.reset,
  };
}

export function useProfileMedia(kind: TProfileKind, id: string, segment: TMediaSegment) {
  return useQuery({
    queryKey: profileKeys.child(kind, id, segment),
    queryFn: () => listMedia(kind, id, segment),
  });
}

export function useProfileChild<S extends TSimpleSegment>(
  kind: TProfileKind,
  id: string,
  segment: S,
  enabled = true,
) {
  return useQuery({
    queryKey: profileKeys.child(kind, id, segment),
    queryFn: () => listChildren(kind, id, segment),
    enabled,
  });
}

export function useProfileMembers(kind: TProfileKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.child(kind, id, "members"),
    queryFn: () => listMembers(kind, id),
    enabled,
  });
}

export function useProfileInvitations(kind: TProfileKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.child(kind, id, "invitations"),
    queryFn: () => listInvitations(kind, id),
    enabled,
  });
}

export function useFacilityDestinations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.child("facility", id, "destinations"),
    queryFn: () => listFacilityDestinations(id),
    enabled,
  });
}
