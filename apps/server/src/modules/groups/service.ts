// Groups and direct conversations: who may see and do what (one policy), membership, messages and
// shared files, and each member's thread. Events go out after the transaction commits.

import type { TGroupCreate } from "@hostfield/domain/contracts";
import {
  GROUP_ABILITIES,
  GROUP_MAX_MEMBERS,
  type TGroupAbility,
} from "@hostfield/domain/contracts";
import { inTransaction, type TDb } from "../../platform/db/database";
import { fileList } from "../../platform/files/file-list";
import type { TUpload } from "../../platform/files/upload";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, forbidden, notFound } from "../../platform/http/errors";
import type { TGroupAccess, TGroupsContext } from "./context";
import { GROUP_FILE_FOLDER, type TFileLinkQuery } from "./file-links";
import { putGroupInvitation } from "./invitations";
import * as fileRepo from "./repository/files";
import * as groupRepo from "./repository/groups";
import * as memberRepo from "./repository/members";
import * as messageRepo from "./repository/messages";
import * as threadRepo from "./repository/threads";

export type { TGroupAccess, TGroupsContext };

export { GROUP_ABILITIES, type TGroupAbility };

const MEMBER: TGroupAbility[] = ["group.read", "messages.write", "files.write"];
const GROUP_ADMIN: TGroupAbility[] = [...GROUP_ABILITIES];
// Nobody runs a two-person conversation: it cannot be renamed or given members.
const DIRECT_MEMBER: TGroupAbility[] = [...MEMBER, "group.delete"];

/**
 * The abilities `principal` has on a group: admins of the site everything; the group's admins
 * manage it; its members read, write and share; everyone else nothing (the group is not found).
 */
export function groupAbilities(
  group: Pick<groupRepo.TGroupRow, "kind">,
  principal: TPrincipal | null,
  membership: Pick<memberRepo.TMemberRow, "role"> | undefined,
): TGroupAbility[] {
  if (principal?.isAdmin) return [...GROUP_ABILITIES];
  if (!membership) return [];
  if (group.kind === "direct") return [...DIRECT_MEMBER];
  return membership.role === "admin" ? [...GROUP_ADMIN] : [...MEMBER];
}

const groupNotFound = () => notFound("The group");

export async function accessGroup(
  ctx: TGroupsContext,
  groupId: string,
  principal: TPrincipal | null,
): Promise<TGroupAccess> {
  const group = await groupRepo.findGroup(ctx.db, groupId);
  if (!group || !principal) throw groupNotFound();
  const membership = await memberRepo.findMembership(ctx.db, groupId, principal.userId);
  const abilities = groupAbilities(group, principal, membership);
  if (abilities.length === 0) throw groupNotFound();
  return { group, membership, abilities };
}

export function requireGroupAbility(access: TGroupAccess, ability: TGroupAbility): void {
  if (!access.abilities.includes(ability)) {
    throw forbidden(
      access.group.kind === "direct"
        ? "A direct conversation has no settings or members to change."
        : "Only the group's admins can do this.",
    );
  }
}

const transaction = <T>(ctx: TGroupsContext, run: (db: TDb) => Promise<T>) =>
  inTransaction(ctx.db, run);

async function requireUsers(ctx: TGroupsContext, ids: readonly string[]) {
  for (const id of ids) {
    if (!(await ctx.userExists(id))) throw notFound("That member");
  }
}

// ---- groups ----

export async function createGroup(
  ctx: TGroupsContext,
  principal: TPrincipal,
  input: TGroupCreate,
): Promise<groupRepo.TGroupRow> {
  // The creator is the group's admin and only member; the others named are invited, and join
  // when they accept (nobody is added to a group without their answer).
  const others = [...new Set(input.memberIds ?? [])].filter((id) => id !== principal.userId);
  await requireUsers(ctx, others);
  const group = await transaction(ctx, async (db) => {
    const created = await groupRepo.insertGroup(db, {
      kind: "group",
      name: input.name,
      description: input.description ?? null,
      createdBy: principal.userId,
      updatedBy: principal.userId,
    });
    await memberRepo.addMembers(db, created.id, [{ userId: principal.userId, role: "admin" }]);
    await threadRepo.touchThreads(db, created.id, threadRepo.opened([principal.userId]));
    for (const userId of others) {
      await putGroupInvitation(ctx, db, created, principal, {
        userId,
        email: null,
        role: "member",
      });
    }
    return created;
  });
  ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: [principal.userId, ...others] });
  return group;
}

/**
 * A conversation another module keeps for its own object (a lead's, between a venue's responder and
 * an event's organizers): made on first use, the author and `memberIds` made members, and `body`
 * posted by the author. Written in the caller's transaction `db` with its MessagePosted event;
 * `announce` tells the members' open sessions once that transaction has committed.
 */
export async function converse(
  ctx: TGroupsContext,
  db: TDb,
  input: {
    groupId: string | null;
    name: string;
    description: string | null;
    authorId: string;
    memberIds: readonly string[];
    body: string;
  },
): Promise<{ groupId: string; announce: () => void }> {
  const others = [...new Set(input.memberIds)].filter((id) => id !== input.authorId);
  const found = input.groupId ? await groupRepo.findGroup(db, input.groupId) : undefined;
  const group =
    found ??
    (await groupRepo.insertGroup(db, {
      kind: "group",
      name: input.name.slice(0, 120),
      description: input.description,
      createdBy: input.authorId,
      updatedBy: input.authorId,
    }));
  // The author runs a conversation it opens; later it (and anyone missing) joins as a member, and
  // those already in keep their role. At most a group's worth of others is invited.
  await memberRepo.addMembers(db, group.id, [
    { userId: input.authorId, role: found ? "member" : "admin" },
    ...others
      .slice(0, GROUP_MAX_MEMBERS - 1)
      .map((userId) => ({ userId, role: "member" as const })),
  ]);
  const { everyone } = await writeMessage(ctx, db, group, input.authorId, input.body);
  return {
    groupId: group.id,
    announce: () => ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: everyone }),
  };
}

/**
 * The conversation another module keeps between one person and a set of people about one of its
 * objects (a visitor and a listing's team), found by its `key` (stored as the direct
 * conversations' key, so a key names one conversation): made on first use with the opener running
 * it and `memberIds` as members, found again after (the opener rejoins if they left; nobody else is
 * added). Like a direct conversation, only the opener sees it until the first message arrives.
 */
export async function openKeyed(
  ctx: TGroupsContext,
  input: {
    key: string;
    name: string;
    description: string | null;
    openerId: string;
    memberIds: readonly string[];
  },
): Promise<string> {
  const reopen = async (group: groupRepo.TGroupRow) => {
    await transaction(ctx, async (db) => {
      await memberRepo.addMembers(db, group.id, [{ userId: input.openerId, role: "member" }]);
      await threadRepo.touchThreads(db, group.id, threadRepo.opened([input.openerId]));
    });
    ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: [input.openerId] });
    return group.id;
  };
  const existing = await groupRepo.findDirectGroup(ctx.db, input.key);
  if (existing) return reopen(existing);
  const others = [...new Set(input.memberIds)].filter((id) => id !== input.openerId);
  try {
    const group = await transaction(ctx, async (db) => {
      const created = await groupRepo.insertGroup(db, {
        kind: "group",
        name: input.name.slice(0, 120),
        description: input.description,
        directKey: input.key,
        createdBy: input.openerId,
        updatedBy: input.openerId,
      });
      await memberRepo.addMembers(db, created.id, [
        { userId: input.openerId, role: "admin" },
        ...others
          .slice(0, GROUP_MAX_MEMBERS - 1)
          .map((userId) => ({ userId, role: "member" as const })),
      ]);
      await threadRepo.touchThreads(db, created.id, threadRepo.opened([input.openerId]));
      return created;
    });
    ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: [input.openerId] });
    return group.id;
  } catch (error) {
    // Both opened it at once: the other request made it.
    const made = await groupRepo.findDirectGroup(ctx.db, input.key);
    if (made) return made.id;
    throw error;
  }
}

/** The direct conversation between the caller and `otherId`, made on first use. */
export async function openDirect(
  ctx: TGroupsContext,
  principal: TPrincipal,
  otherId: string,
): Promise<groupRepo.TGroupRow> {
  if (otherId === principal.userId) {
    throw badRequest("SELF_MESSAGE", "Start a conversation with someone else.");
  }
  if (!(await ctx.userExists(otherId))) throw notFound("The user");
  const directKey = [principal.userId, otherId].sort().join(":");
  const existing = await groupRepo.findDirectGroup(ctx.db, directKey);
  if (existing) {
    await threadRepo.touchThreads(ctx.db, existing.id, threadRepo.opened([principal.userId]));
    return existing;
  }
  try {
    const group = await transaction(ctx, async (db) => {
      const created = await groupRepo.insertGroup(db, {
        kind: "direct",
        name: "Direct message",
        directKey,
        createdBy: principal.userId,
        updatedBy: principal.userId,
      });
      await memberRepo.addMembers(db, created.id, [
        { userId: principal.userId, role: "member" },
        { userId: otherId, role: "member" },
      ]);
      // Only the opener sees it until the first message arrives.
      await threadRepo.touchThreads(db, created.id, threadRepo.opened([principal.userId]));
      return created;
    });
    ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: [principal.userId] });
    return group;
  } catch (error) {
    // Both opened it at once: the other request made it.
    const made = await groupRepo.findDirectGroup(ctx.db, directKey);
    if (made) return made;
    throw error;
  }
}

export async function updateGroup(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  values: { name: string; description: string | null },
) {
  const updated = await groupRepo.updateGroup(ctx.db, access.group.id, {
    ...values,
    updatedBy: principal.userId,
  });
  if (!updated) throw groupNotFound();
  ctx.events.signal("GroupsChanged", {
    groupId: updated.id,
    userIds: await memberRepo.memberUserIds(ctx.db, updated.id),
  });
  return updated;
}

export async function deleteGroup(ctx: TGroupsContext, access: TGroupAccess): Promise<void> {
  const groupId = access.group.id;
  const userIds = await memberRepo.memberUserIds(ctx.db, groupId);
  const keys = await fileRepo.fileKeysOfGroup(ctx.db, groupId);
  if (!(await groupRepo.deleteGroup(ctx.db, groupId))) throw groupNotFound();
  for (const key of keys) await ctx.files.delete(key);
  ctx.events.signal("GroupsChanged", { groupId, userIds });
}

/** Mute (no notifications) or ignore (no unread marks either) the group, for the caller only. */
export async function setMySwitch(
  ctx: TGroupsContext,
  access: TGroupAccess,
  flag: "isMuted" | "isIgnored",
  value: boolean,
) {
  if (!access.membership) throw forbidden("Only members mute or ignore a group.");
  const row = await memberRepo.updateMember(ctx.db, access.group.id, access.membership.id, {
    [flag]: value,
  });
  ctx.events.signal("UserProfileChanged", { userId: access.membership.userId });
  return row!;
}

// ---- members ----

export async function findMember(ctx: TGroupsContext, groupId: string, memberId: string) {
  const member = await memberRepo.findMember(ctx.db, groupId, memberId);
  if (!member) throw notFound("The member");
  return member;
}

/** A group keeps at least one admin while it has members. */
async function requireAnotherAdmin(db: TDb, groupId: string, member: memberRepo.TMemberRow) {
  if (member.role !== "admin") return;
  const admins = await memberRepo.countAdmins(db, groupId);
  const members = await groupRepo.countMembers(db, groupId);
  if (admins <= 1 && members > 1) {
    throw new AppError(
      "LAST_GROUP_ADMIN",
      409,
      "Make another member an admin first: a group keeps at least one admin.",
    );
  }
}

export async function changeMemberRole(
  ctx: TGroupsContext,
  access: TGroupAccess,
  memberId: string,
  role: "admin" | "member",
) {
  const groupId = access.group.id;
  return transaction(ctx, async (db) => {
    await groupRepo.lockGroup(db, groupId);
    const member = await memberRepo.findMember(db, groupId, memberId);
    if (!member) throw notFound("The member");
    if (role === "member") await requireAnotherAdmin(db, groupId, member);
    return (await memberRepo.updateMember(db, groupId, memberId, { role }))!;
  });
}

/** Removes a member (admins) or leaves (the member themselves); their thread goes with them. */
export async function removeMember(ctx: TGroupsContext, access: TGroupAccess, memberId: string) {
  const groupId = access.group.id;
  const removed = await transaction(ctx, async (db) => {
    await groupRepo.lockGroup(db, groupId);
    const member = await memberRepo.findMember(db, groupId, memberId);
    if (!member) throw notFound("The member");
    const self = member.userId === access.membership?.userId;
    if (!self && !access.abilities.includes("members.write")) {
      throw forbidden("Only the group's admins remove members.");
    }
    if (access.group.kind === "direct" && !access.abilities.includes("members.write")) {
      throw forbidden("Delete the conversation instead of leaving it.");
    }
    await requireAnotherAdmin(db, groupId, member);
    await memberRepo.deleteMember(db, groupId, memberId);
    await threadRepo.deleteThread(db, groupId, member.userId);
    return member;
  });
  ctx.events.signal("GroupsChanged", { groupId, userIds: [removed.userId] });
}

// ---- messages ----

export async function postMessage(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  body: string,
) {
  const group = access.group;
  const { message, recipients } = await transaction(ctx, (db) =>
    writeMessage(ctx, db, group, principal.userId, body),
  );
  // The notified hear of it by their Notify (the notifications module's, which also tells them to
  // reload their threads and counts); the muted get no notification, so they are told here.
  const muted = recipients.filter((r) => r.isMuted).map((r) => r.userId);
  if (muted.length > 0) ctx.events.signal("GroupsChanged", { groupId: group.id, userIds: muted });
  return (await messageRepo.findMessage(ctx.db, group.id, message.id))!;
}

/**
 * Writes a message in the transaction `db`: the group's last message date, every member's thread
 * (read for the author, unread for the others, in one statement) and the MessagePosted event for
 * the members who neither muted nor ignore the group, with their threads. Answers the message,
 * every member, and the recipients (the members who do not ignore it) with whether they muted it.
 */
async function writeMessage(
  ctx: TGroupsContext,
  db: TDb,
  group: groupRepo.TGroupRow,
  authorId: string,
  body: string,
) {
  const message = await messageRepo.insertMessage(db, { groupId: group.id, authorId, body });
  await groupRepo.updateGroup(db, group.id, { lastMessageDate: message.createdDate });
  const members = await memberRepo.memberFlags(db, group.id);
  const others = members.filter((m) => m.userId !== authorId);
  const threads = await threadRepo.touchThreads(db, group.id, [
    { userId: authorId, isOpened: true },
    ...others.map((m) => ({ userId: m.userId, isOpened: false })),
  ]);
  const recipients = others.filter((m) => !m.isIgnored);
  const notified = recipients.filter((m) => !m.isMuted).map((m) => m.userId);
  await ctx.events.record(db, "MessagePosted", {
    groupId: group.id,
    groupName: group.name,
    groupKind: group.kind,
    messageId: message.id,
    authorId,
    body,
    recipientIds: notified,
    threadIds: Object.fromEntries(notified.map((id) => [id, threads.get(id)!])),
    postedDate: new Date(message.createdDate).toISOString(),
  });
  return { message, everyone: members.map((m) => m.userId), recipients };
}

/** A page of messages, newest first; a member reading them has read the conversation. */
export async function readMessages(
  ctx: TGroupsContext,
  access: TGroupAccess,
  window: { limit: number; offset: number },
  filter: { text?: string; before?: string },
) {
  const page = await messageRepo.listMessages(ctx.db, access.group.id, window, filter);
  const member = access.membership;
  if (member) {
    const mine = (await threadRepo.findThreadIds(ctx.db, access.group.id, [member.userId])).get(
      member.userId,
    );
    if (mine) await setThreadFlag(ctx, member.userId, [mine], "isOpened", true);
  }
  return page;
}

/** What the caller may do with a membership: admins manage it; a member may leave a group. */
export function memberEntitlements(
  access: TGroupAccess,
  principal: TPrincipal,
  member: memberRepo.TMemberRow,
): string[] {
  const manage = access.abilities.includes("members.write");
  const self = member.userId === principal.userId;
  return [
    "member.read",
    ...(manage ? ["member.update"] : []),
    ...(manage || (self && access.group.kind === "group") ? ["member.delete"] : []),
  ];
}

/** What the caller may do with a shared file: its uploader and the group's admins change it. */
export function fileEntitlements(
  access: TGroupAccess,
  principal: TPrincipal,
  file: fileRepo.TFileRow,
): string[] {
  const mine = file.uploadedBy === principal.userId || access.abilities.includes("files.moderate");
  return ["file.read", ...(mine ? ["file.update", "file.delete"] : [])];
}

export async function findMessage(ctx: TGroupsContext, groupId: string, messageId: string) {
  const message = await messageRepo.findMessage(ctx.db, groupId, messageId);
  if (!message) throw notFound("The message");
  return message;
}

export async function editMessage(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  messageId: string,
  body: string,
) {
  const current = await findMessage(ctx, access.group.id, messageId);
  if (current.authorId !== principal.userId) throw forbidden("Only its author edits a message.");
  await messageRepo.updateMessage(ctx.db, access.group.id, messageId, body);
  return findMessage(ctx, access.group.id, messageId);
}

export async function deleteMessage(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  messageId: string,
) {
  const current = await findMessage(ctx, access.group.id, messageId);
  const own = current.authorId === principal.userId;
  if (!own && !access.abilities.includes("messages.moderate")) {
    throw forbidden("Only its author or the group's admins delete a message.");
  }
  await messageRepo.deleteMessage(ctx.db, access.group.id, messageId);
}

// ---- shared files ----

export type TFileKind = "image" | "document";

export async function findFile(
  ctx: TGroupsContext,
  groupId: string,
  kind: TFileKind,
  fileId: string,
) {
  const file = await fileRepo.findFile(ctx.db, groupId, kind, fileId);
  if (!file) throw notFound("The file");
  return file;
}

/**
 * A signed link to the group file `key` works while it is valid and the one it was signed for
 * still belongs to the file's group (a removed member's links stop working); else 404.
 */
export async function requireFileLink(ctx: TGroupsContext, key: string, query: TFileLinkQuery) {
  const userId = ctx.fileLinks.signerOf(key, query);
  const groupId = userId ? await fileRepo.groupOfFileKey(ctx.db, key) : undefined;
  if (!userId || !groupId || !(await memberRepo.findMembership(ctx.db, groupId, userId)))
    throw notFound("The file");
}

/** The uploader changes their own file; the group's admins any. */
export function requireFileOwner(
  access: TGroupAccess,
  principal: TPrincipal,
  file: fileRepo.TFileRow,
) {
  if (fileEntitlements(access, principal, file).includes("file.update")) return;
  throw forbidden("Only the file's uploader or the group's admins change it.");
}

/** A group's images or documents, one list per kind; `by` is who adds to it. */
type TGroupFiles = { groupId: string; kind: TFileKind; by: string };
export const GROUP_MAX_FILES = 500;

const groupFiles = (ctx: TGroupsContext) =>
  fileList<TGroupFiles, fileRepo.TFileRow>(
    ctx,
    {
      lock: (db, l) => groupRepo.lockGroup(db, l.groupId),
      ordered: (db, l) => fileRepo.filesInOrder(db, l.groupId, l.kind),
      insert: (db, l, values) =>
        fileRepo.insertFile(db, { groupId: l.groupId, kind: l.kind, ...values, uploadedBy: l.by }),
      update: (db, l, id, values) => fileRepo.updateFile(db, l.groupId, id, values),
      remove: (db, l, id) => fileRepo.deleteFile(db, l.groupId, id),
    },
    {
      keyPrefix: () => GROUP_FILE_FOLDER,
      max: GROUP_MAX_FILES,
      full: {
        code: "TOO_MANY_FILES",
        message: `A group keeps up to ${GROUP_MAX_FILES} images and as many documents; delete one first.`,
      },
      what: "The file",
    },
  );

export async function addFile(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  kind: TFileKind,
  upload: TUpload,
) {
  const groupId = access.group.id;
  const row = await groupFiles(ctx).add({ groupId, kind, by: principal.userId }, upload);
  return findFile(ctx, groupId, kind, row.id);
}

export async function replaceFile(
  ctx: TGroupsContext,
  principal: TPrincipal,
  current: fileRepo.TFileRow,
  upload: TUpload,
) {
  const list = { groupId: current.groupId, kind: current.kind, by: principal.userId };
  await groupFiles(ctx).replace(list, current.id, current, upload);
  return findFile(ctx, current.groupId, current.kind, current.id);
}

export async function retitleFile(ctx: TGroupsContext, current: fileRepo.TFileRow, title: string) {
  await fileRepo.updateFile(ctx.db, current.groupId, current.id, { title });
  return findFile(ctx, current.groupId, current.kind, current.id);
}

/** Moves a file right after `afterId` (null: first), rewriting only its own sort key. */
export async function moveFile(
  ctx: TGroupsContext,
  principal: TPrincipal,
  groupId: string,
  kind: TFileKind,
  fileId: string,
  afterId: string | null,
) {
  await groupFiles(ctx).move({ groupId, kind, by: principal.userId }, fileId, afterId);
  return findFile(ctx, groupId, kind, fileId);
}

export async function deleteFile(
  ctx: TGroupsContext,
  principal: TPrincipal,
  current: fileRepo.TFileRow,
) {
  const list = { groupId: current.groupId, kind: current.kind, by: principal.userId };
  await groupFiles(ctx).remove(list, current.id);
}

// ---- threads ----

export const listThreads = (
  ctx: TGroupsContext,
  userId: string,
  filter: { isOpened?: boolean; isArchived?: boolean; text?: string },
  window: { limit: number; offset: number },
) => threadRepo.listThreads(ctx.db, userId, filter, window);

export async function setThreadFlag(
  ctx: TGroupsContext,
  userId: string,
  ids: readonly string[],
  flag: "isOpened" | "isArchived",
  value: boolean,
): Promise<string[]> {
  const changed = await transaction(ctx, async (db) => {
    const rows = await threadRepo.setThreadFlag(db, userId, ids, flag, value);
    if (rows.length > 0 && flag === "isOpened" && value) {
      await ctx.events.record(db, "ThreadsRead", { userId, threadIds: rows });
    }
    return rows;
  });
  if (changed.length > 0) ctx.events.signal("UserProfileChanged", { userId });
  return changed;
}

export async function deleteThread(ctx: TGroupsContext, userId: string, threadId: string) {
  if (!(await threadRepo.hideThread(ctx.db, userId, threadId))) throw notFound("The thread");
  ctx.events.signal("UserProfileChanged", { userId });
}

export const countUnreadThreads = (ctx: TGroupsContext, userId: string) =>
  threadRepo.countUnreadThreads(ctx.db, userId);

export const isThreadUnread = (ctx: TGroupsContext, threadId: string) =>
  threadRepo.isThreadUnread(ctx.db, threadId);

/** The thread of each user in the group (notifications point at it). */
export const threadIdsOf = (ctx: TGroupsContext, groupId: string, userIds: readonly string[]) =>
  threadRepo.findThreadIds(ctx.db, groupId, userIds);
