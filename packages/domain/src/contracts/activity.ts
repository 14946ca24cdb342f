// The signed-in user's activity feed on /home: `GET /user-mgmt/api/users/my/activity`.
import { z } from "zod";
import { ZId, ZImageRef, ZIsoDateTime } from "./common";
import { ZProfileKind } from "./profile";
import { ZPublicUser } from "./user";

/**
 * `following`: what concerns me (likes and follows of listings I run, new listings in
 * destinations and organizations I follow, changes to events I like or follow, proposals on the
 * requests of events I run).
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
  /** A venue (the listing) sent a proposal on a request of my event (the context). */
  "proposed",
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

/**
 * A group of repeats: `{type}.{target id}.{YYYY-MM-DD}`, the same verb on the same target on the
 * same day (UTC); the target is the context for `listed`, `announced` and `proposed`, else the
 * listing.
 */
export const ZActivityGroupKey = z
  .string()
  .regex(
    new RegExp(
      `^(${ACTIVITY_TYPES.join("|")})\\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.\\d{4}-\\d{2}-\\d{2}$`,
    ),
    "Expected a group key as {type}.{id}.{YYYY-MM-DD}",
  );

export const ZActivityItem = z.object({
  /** Stable across pages: the type and the row it comes from (a group's: its key). */
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  at: ZIsoDateTime,
  /** Who did it; null when it is a listing's own news or the person keeps their profile hidden. */
  actor: ZPublicUser.pick({ id: true, name: true, avatarUrl: true }).nullable(),
  profile: ZActivityProfile,
  /** What the news came through: the destination (`listed`), organization (`announced`), event (`proposed`). */
  context: ZActivityProfile.nullable(),
  /**
   * How many items the row stands for. Above 1, the row is a group of repeats shown by its newest
   * item (`actor`, `profile`, `at`), and `groupKey` lists them all
   * (`GET /users/my/activity/groups/{groupKey}`).
   */
  count: z.number().int().min(1),
  groupKey: ZActivityGroupKey.nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;
