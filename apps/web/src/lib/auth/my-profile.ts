// The signed-in user's profile (GET /user-mgmt/api/users/my), kept in TanStack Query.
import { ACCOUNT_TYPES, type TAccountType } from "@hostfield/domain/reference";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiGet, type TParser } from "../api";
import { isRecord } from "../is-record";
import type { TUserProfile } from "./auth-context";

import { MY_PROFILE_PATH, MY_PROFILE_QUERY_KEY } from "./my-profile-keys";

export { MY_PROFILE_PATH, MY_PROFILE_QUERY_KEY };

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function isAccountType(value: unknown): value is TAccountType {
  return (ACCOUNT_TYPES as readonly unknown[]).includes(value);
}

function fail(field: string): never {
  throw new Error(`The profile reply has no valid ${field}.`);
}

/**
 * The shape check of the domain's `ZUserProfile`, by hand: the profile loads with the shell,
 * where zod would cost more than the check is worth (see api.ts). my-profile.test.ts keeps the
 * two in step.
 */
export const myProfileParser: TParser<TUserProfile> = {
  parse(value) {
    if (!isRecord(value)) fail("object");
    const v = value;
    if (typeof v.id !== "string" || v.id.length === 0) fail("id");
    if (typeof v.email !== "string" || !v.email.includes("@")) fail("email");
    if (typeof v.name !== "string") fail("name");
    if (!isAccountType(v.accountType)) fail("accountType");
    if (v.avatarUrl !== null && (typeof v.avatarUrl !== "string" || v.avatarUrl.length === 0)) {
      fail("avatarUrl");
    }
    if (typeof v.isVisible !== "boolean") fail("isVisible");
    if (!isCount(v.unopenedNotifications)) fail("unopenedNotifications");
    if (!isCount(v.unreadMessages)) fail("unreadMessages");
    if (typeof v.emailVerified !== "boolean") fail("emailVerified");
    if (typeof v.isAdmin !== "boolean") fail("isAdmin");
    if (typeof v.createdDate !== "string") fail("createdDate");
    if (typeof v.updatedDate !== "string") fail("updatedDate");
    return {
      id: v.id,
      email: v.email,
      name: v.name,
      accountType: v.accountType,
      avatarUrl: v.avatarUrl,
      isVisible: v.isVisible,
      unopenedNotifications: v.unopenedNotifications,
      unreadMessages: v.unreadMessages,
      emailVerified: v.emailVerified,
      isAdmin: v.isAdmin,
      createdDate: v.createdDate,
      updatedDate: v.updatedDate,
    };
  },
};

export function myProfileQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: MY_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(MY_PROFILE_PATH, { schema: myProfileParser, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Fields a users API reply (`{data: user}`) can change in the cached profile. */
export type TUserChanges = Partial<
  Pick<TUserProfile, "name" | "accountType" | "avatarUrl" | "isVisible" | "updatedDate">
>;

export function updateCachedProfile(queryClient: QueryClient, changes: TUserChanges): void {
  queryClient.setQueryData<TUserProfile>(MY_PROFILE_QUERY_KEY, (profile) => {
    if (!profile) return profile;
    const next = { ...profile };
    if (changes.name !== undefined) next.name = changes.name;
    if (changes.accountType !== undefined) next.accountType = changes.accountType;
    if (changes.avatarUrl !== undefined) next.avatarUrl = changes.avatarUrl;
    if (changes.isVisible !== undefined) next.isVisible = changes.isVisible;
    if (changes.updatedDate !== undefined) next.updatedDate = changes.updatedDate;
    return next;
  });
}
