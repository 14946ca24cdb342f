// The signed-in user's activity feed on /home: `GET /user-mgmt/api/users/my/activity`.
import { z } from "zod";
import { ZId, ZImageRef, ZIsoDateTime } from "./common";
import { ZProfileKind } from "./profile";
import { ZPublicUser } from "./user";

/**
 * `following`: what happened around me (likes and follows of listings I run, new listings in
 * destinations and organizations I follow, changes to events I like or follow).
 * `mine`: my own likes and follows.
 */
export const ACTIVITY_TABS = ["following", "mine"] as const;
export const ZActivityTab = z.enum(ACTIVITY_TABS);
export type TActivityTab = z.infer<typeof ZActivityTab>;

export const ACTIVITY_TYPES = [
  /** Someone (the actor) liked or followed a listing. */
  "liked",
  "followed",
  /** A listing joined a destination I follow (the context). */
  "listed",
  /** An organization I follow (the context) announced an event. */
  "announced",
  /** An event I like or follow changed after I reacted to it. */
  "updated",
] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

/** How far back "new" and "changed" reach. */
export const ACTIVITY_HORIZON_DAYS = 90;

const ZActivityProfile = z.object({
  id: ZId,
  kind: ZProfileKind,
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  logo: ZImageRef.nullable(),
});

export const ZActivityItem = z.object({
  /** Stable across pages: the type and the row it comes from. */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  at: ZIsoDateTime,
  /** Who did it; null when it is a listing's own news or the person keeps their profile hidden. */
  actor: ZPublicUser.pick({ id: true, name: true, avatarUrl: true }).nullable(),
  profile: ZActivityProfile,
  /** The destination or organization the news came through, for `listed` and `announced`. */
  context: ZActivityProfile.nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;
