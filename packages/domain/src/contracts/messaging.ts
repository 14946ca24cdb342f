// Messaging and notifications (user-management service): groups and their members, messages and
// files, each member's threads (their view of a conversation) and notifications, and what the
// session hub pushes.
import { z } from "zod";
import { ZEmail, ZId, ZImageRef, ZIsoDateTime } from "./common";

/** What a member may do in a group (`…/my/entitlements` lists the caller's). */
export const GROUP_ABILITIES = [
  "group.read",
  "group.update",
  "group.delete",
  "members.write",
  "messages.write",
  "messages.moderate",
  "files.write",
  "files.moderate",
] as const;
export type TGroupAbility = (typeof GROUP_ABILITIES)[number];

export const GROUP_KINDS = ["group", "direct"] as const;
export const GROUP_ROLES = ["admin", "member"] as const;
export const MESSAGE_MAX_LENGTH = 5000;
export const GROUP_MAX_MEMBERS = 500;
/** Pending invitations a group keeps at most. */
export const GROUP_MAX_INVITATIONS = 50;

/** Who wrote or sent something, as a message or notification shows them. */
export const ZPerson = z.object({
  id: ZId,
  name: z.string(),
  avatarUrl: ZImageRef.nullable(),
});
export type TPerson = z.infer<typeof ZPerson>;

export const ZGroup = z.object({
  id: ZId,
  kind: z.enum(GROUP_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int().min(0),
  lastMessageDate: ZIsoDateTime.nullable(),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
  createdBy: ZId.nullable(),
  /** The caller's own membership: role and switches (null for an admin who is not a member). */
  my: z
    .object({
      memberId: ZId,
      role: z.enum(GROUP_ROLES),
      isMuted: z.boolean(),
      isIgnored: z.boolean(),
    })
    .nullable(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupCreate = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).nullable().optional(),
  /**
   * People to invite besides the creator, who becomes the group's admin and only member: each joins
   * when they accept (at most a group's waiting invitations).
   */
  memberIds: z.array(ZId).max(GROUP_MAX_INVITATIONS).optional(),
});
export type TGroupCreate = z.infer<typeof ZGroupCreate>;

/** What a JSON Patch of a group may change. */
export const ZGroupEditable = ZGroupCreate.pick({ name: true, description: true });

export const ZGroupFilter = z.object({
  text: z.string().trim().max(200).optional(),
  kind: z.enum(GROUP_KINDS).optional(),
});
export type TGroupFilter = z.infer<typeof ZGroupFilter>;

export const ZGroupMember = z.object({
  id: ZId,
  groupId: ZId,
  user: ZPerson,
  role: z.enum(GROUP_ROLES),
  isMuted: z.boolean(),
  isIgnored: z.boolean(),
  createdDate: ZIsoDateTime,
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/**
 * Adding a member invites them (nobody joins a group without accepting): a person by user id (one
 * the people search found), or an e-mail address, invited alike whether an account has it or not.
 */
export const ZGroupMemberCreate = z
  .object({
    userId: ZId.optional(),
    email: ZEmail.optional(),
    role: z.enum(GROUP_ROLES).default("member"),
  })
  .refine((m) => (m.userId === undefined) !== (m.email === undefined), {
    message: "Give the person's userId or an e-mail address",
  });
export type TGroupMemberCreate = z.infer<typeof ZGroupMemberCreate>;

/** The people search's shortest query and longest answer. */
export const PEOPLE_SEARCH_MIN = 2;
export const PEOPLE_SEARCH_MAX = 20;

/**
 * An invitation to a group. Its invitee reads as it was given: a person (name and avatar), or an
 * e-mail address (whether or not an account has it). The invitee's list names the group and who
 * invited them.
 */
export const ZGroupInvitation = z.object({
  id: ZId,
  groupId: ZId,
  group: z.object({ name: z.string() }),
  invitee: z.object({ person: ZPerson.nullable(), email: z.string().nullable() }),
  role: z.enum(GROUP_ROLES),
  invitedBy: ZPerson.nullable(),
  createdDate: ZIsoDateTime,
});
export type TGroupInvitation = z.infer<typeof ZGroupInvitation>;

/** What the invitee's answer did: `accepted` (with their membership) or `declined`. */
export const ZGroupInvitationAnswer = z.object({
  id: ZId,
  answer: z.enum(["accepted", "declined"]),
  groupId: ZId,
  memberId: ZId.nullable(),
});
export type TGroupInvitationAnswer = z.infer<typeof ZGroupInvitationAnswer>;

/** The people search of the add-member dialog: a name, at least two letters. */
export const ZPeopleQuery = z.object({
  text: z.string().trim().min(PEOPLE_SEARCH_MIN).max(100),
});

/**
 * Someone who shares a listing or a group with the searcher: name, avatar and what they share
 * (never an e-mail address); `status` says whether they are in the group already or invited.
 */
export const ZSharedPerson = ZPerson.extend({
  shared: z.array(z.object({ kind: z.enum(["listing", "group"]), name: z.string() })),
  status: z.enum(["none", "member", "invited"]),
});
export type TSharedPerson = z.infer<typeof ZSharedPerson>;

/** The web page where a group invitation is answered; its notifications link there. */
export const groupInvitationUrl = (invitationId: string) => `/groups?invitation=${invitationId}`;
/** The group invitation a notification's link is about, or null. */
export const groupInvitationIdOfUrl = (url: string | null): string | null =>
  url?.match(/^\/groups\?invitation=([0-9a-f-]{36})$/)?.[1] ?? null;

/** What a JSON Patch of a membership may change. */
export const ZGroupMemberEditable = z.object({ role: z.enum(GROUP_ROLES) });

export const ZGroupMessage = z.object({
  id: ZId,
  groupId: ZId,
  author: ZPerson.nullable(),
  body: z.string(),
  createdDate: ZIsoDateTime,
  editedDate: ZIsoDateTime.nullable(),
});
export type TGroupMessage = z.infer<typeof ZGroupMessage>;

export const ZGroupMessageCreate = z.object({
  body: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
});
export type TGroupMessageCreate = z.infer<typeof ZGroupMessageCreate>;

/** Paging back through history: messages older than `before` (newest first). */
export const ZGroupMessageFilter = z.object({
  text: z.string().trim().max(200).optional(),
  before: ZIsoDateTime.optional(),
});
export type TGroupMessageFilter = z.infer<typeof ZGroupMessageFilter>;

/** An image or document shared in a group. */
export const ZGroupFile = z.object({
  id: ZId,
  groupId: ZId,
  url: z.string(),
  title: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sortKey: z.string(),
  uploadedBy: ZPerson.nullable(),
  createdDate: ZIsoDateTime,
});
export type TGroupFile = z.infer<typeof ZGroupFile>;

/** A member's view of one conversation: opened (read), archived, and its latest message. */
export const ZThread = z.object({
  id: ZId,
  groupId: ZId,
  group: z.object({ name: z.string(), kind: z.enum(GROUP_KINDS) }),
  isOpened: z.boolean(),
  isArchived: z.boolean(),
  isMuted: z.boolean(),
  lastMessage: z
    .object({ body: z.string(), author: ZPerson.nullable(), createdDate: ZIsoDateTime })
    .nullable(),
  updatedDate: ZIsoDateTime,
});
export type TThread = z.infer<typeof ZThread>;

export const ZThreadFilter = z.object({
  isOpened: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  text: z.string().trim().max(200).optional(),
});
export type TThreadFilter = z.infer<typeof ZThreadFilter>;

/** Who a notification comes from: a listing (kind and id) or a member. */
export const ZSenderProfile = z.object({
  id: ZId,
  kind: z.string(),
  name: z.string(),
  logo: ZImageRef.nullable(),
});
export type TSenderProfile = z.infer<typeof ZSenderProfile>;

export const ZNotification = z.object({
  id: ZId,
  userId: ZId,
  title: z.string(),
  contents: z.string(),
  url: z.string().nullable(),
  icon: z.string().nullable(),
  senderProfile: ZSenderProfile.nullable(),
  tags: z.array(z.string()),
  threadId: ZId.nullable(),
  isOpened: z.boolean(),
  isArchived: z.boolean(),
  createdDate: ZIsoDateTime,
});
export type TNotification = z.infer<typeof ZNotification>;

/** A notification an admin (or the system) sends to a member. */
export const ZNotificationCreate = z.object({
  title: z.string().trim().min(1).max(200),
  contents: z.string().trim().max(2000).default(""),
  url: z
    .string()
    .max(2048)
    .regex(/^\/(?!\/)/, "A link inside the product, starting with /")
    .nullable()
    .optional(),
  icon: z.string().max(100).nullable().optional(),
  tags: z.array(z.string().max(50)).max(10).optional(),
});
export type TNotificationCreate = z.infer<typeof ZNotificationCreate>;

/** What a JSON Patch of a notification may change. */
export const ZNotificationEditable = z.object({
  isOpened: z.boolean(),
  isArchived: z.boolean(),
});

export const ZNotificationFilter = z.object({
  isOpened: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
});
export type TNotificationFilter = z.infer<typeof ZNotificationFilter>;

// ---- e-mail notifications ---------------------------------------------------------------------

/**
 * What a member may be mailed about, each with its own setting: new leads (to a listing's
 * managers), proposals and passes (to the organizers), awards and losses (to every bidder),
 * invitations to a listing, and messages left unread for a while (one mail per conversation).
 */
export const EMAIL_CATEGORIES = [
  "leads",
  "proposals",
  "decisions",
  "invitations",
  "messages",
] as const;
export const ZEmailCategory = z.enum(EMAIL_CATEGORIES);
export type TEmailCategory = z.infer<typeof ZEmailCategory>;

/** Each mail as it happens, gathered in one mail a day, or none. */
export const EMAIL_MODES = ["instant", "digest", "off"] as const;
export const ZEmailMode = z.enum(EMAIL_MODES);
export type TEmailMode = z.infer<typeof ZEmailMode>;

/** A setting for every category, in one channel's modes. */
const preferencesOf = <TMode extends z.ZodType>(mode: TMode) =>
  z.object(
    Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, mode])) as Record<TEmailCategory, TMode>,
  );

/** A member's setting for every category (unset ones are `instant`). */
export const ZEmailPreferences = preferencesOf(ZEmailMode);
export type TEmailPreferences = z.infer<typeof ZEmailPreferences>;
/** A change of some categories' settings. */
export const ZEmailPreferencesPatch = ZEmailPreferences.partial().strict();

// ---- Web Push ------------------------------------------------------------------------------------

/** The ways news reaches a member who is away, each with its own setting per category. */
export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A push is a notification on the member's devices at once, or none (no digest). */
export const PUSH_MODES = ["instant", "off"] as const;
export const ZPushMode = z.enum(PUSH_MODES);
export type TPushMode = z.infer<typeof ZPushMode>;

/** A member's push setting for every category (unset ones are `instant`). */
export const ZPushPreferences = preferencesOf(ZPushMode);
export type TPushPreferences = z.infer<typeof ZPushPreferences>;
export const ZPushPreferencesPatch = ZPushPreferences.partial().strict();

/** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

const ZBase64Url = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes,
      `${name} must be ${bytes} bytes`,
    );

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const ZPushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: ZBase64Url("keys.p256dh", 65),
    /** The browser's authentication secret (16 bytes). */
    auth: ZBase64Url("keys.auth", 16),
  }),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInput>;

/** A device subscribed to a member's pushes (its keys stay on the server). */
export const ZPushSubscription = z.object({
  id: ZId,
  endpoint: z.string(),
  createdDate: ZIsoDateTime,
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** What a push carries: the notification's words and the page it opens, nothing else. */
export const ZPushMessage = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type TPushMessage = z.infer<typeof ZPushMessage>;

// ---- the session hub ----------------------------------------------------------------------------

export const HUB_PATH = "/user-mgmt/hub/users/session";

/** Something concerns the user: a notification (with its url) or a message (with its thread). */
export const ZHubNotify = z.object({
  tags: z.array(z.string()),
  url: z.string().nullable(),
  threadId: ZId.nullable(),
  notification: ZNotification.nullable(),
});
export type THubNotify = z.infer<typeof ZHubNotify>;

export type THubEvents = {
  /**
   * A notification was written or refreshed. It also means the user's counts changed, and with a
   * `threadId` their threads and groups: reload those too (no ProfileUpdated or GroupsUpdated
   * follows it).
   */
  Notify: THubNotify;
  /** The user's groups or threads changed: reload them. */
  GroupsUpdated: { groupId: string | null };
  /** The user's own profile (or its counts) changed: reload `/users/my`. */
  ProfileUpdated: { userId: string };
  /** The session ends (account deleted, password changed, blocked); the socket closes next. */
  ForceDisconnect: { reason: "deleted" | "password" | "blocked" };
};
