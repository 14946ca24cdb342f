import { z } from "zod";
import { ACCOUNT_TYPES } from "../reference/users";
import { ZEmail, ZId, ZImageRef, ZIsoDateTime } from "./common";

// Types of these enum schemas are the reference ones (TAccountType), not redeclared here.
export const ZAccountType = z.enum(ACCOUNT_TYPES);

export const ZUser = z.object({
  id: ZId,
  email: ZEmail,
  name: z.string().trim().min(1).max(200),
  accountType: ZAccountType,
  avatarUrl: ZImageRef.nullable(),
  isVisible: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** Blocked by an admin: cannot sign in, every session ended. */
  isBlocked: z.boolean(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TUser = z.infer<typeof ZUser>;

/** What anyone may see of a member who chose to be visible. */
export const ZPublicUser = ZUser.pick({ id: true, name: true, accountType: true, avatarUrl: true });
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** Most users one presence question may name (`GET /users/presence?ids=`). */
export const MAX_PRESENCE_IDS = 100;

/** Whether a user holds an open session now; hidden users always read as offline to others. */
export const ZPresence = z.object({ id: z.uuid(), isOnline: z.boolean() });
export type TPresence = z.infer<typeof ZPresence>;

/** Filter of POST /users/filtered (admins). */
export const ZUserFilter = z.object({
  text: z.string().trim().max(200).optional(),
  accountType: ZAccountType.optional(),
  isAdmin: z.boolean().optional(),
});
export type TUserFilter = z.infer<typeof ZUserFilter>;

/** The signed-in user as the shell keeps it, with the counts behind the top-bar badges. */
export const ZUserProfile = ZUser.omit({ isBlocked: true }).extend({
  unopenedNotifications: z.number().int().min(0),
  unreadMessages: z.number().int().min(0),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

/** One of a member's images; the first in order is their avatar. */
export const ZUserImage = z.object({
  id: ZId,
  userId: ZId,
  url: z.string(),
  title: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sortKey: z.string(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TUserImage = z.infer<typeof ZUserImage>;
