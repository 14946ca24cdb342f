// The messaging calls of the user-management service: threads, groups, members, messages, files,
// and opening a direct conversation. Replies are checked against the domain contracts.
// apiPost and apiPut wrap their body in `{data}` themselves: they get the bare payload.
import {
  type TGroup,
  type TGroupFile,
  type TGroupInvitation,
  type TGroupInvitationAnswer,
  type TGroupMember,
  type TGroupMessage,
  type TSharedPerson,
  type TThread,
  type TThreadFilter,
  ZGroup,
  ZGroupFile,
  ZGroupInvitation,
  ZGroupInvitationAnswer,
  ZGroupMember,
  ZGroupMessage,
  ZSharedPerson,
  ZThread,
} from "@hostfield/domain/contracts";
import { z } from "zod";
import {
  apiDelete,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  apiUpload,
  type TListResult,
} from "../../lib/api";

const USERS = "/user-mgmt/api/users";
const GROUPS = "/user-mgmt/api/groups";
const enc = encodeURIComponent;
export type TPage = { offset?: number; take?: number };
const paging = (page: TPage = {}) => ({ offset: page.offset ?? 0, take: page.take ?? 20 });

export const threadKeys = {
  all: ["threads"] as const,
  list: (userId: string, filter: TThreadFilter) => ["threads", userId, filter] as const,
};
export const groupKeys = {
  all: ["groups"] as const,
  one: (id: string) => ["groups", id] as const,
  messages: (id: string) => ["groups", id, "messages"] as const,
  members: (id: string) => ["groups", id, "members"] as const,
  files: (id: string, kind: TFileSegment) => ["groups", id, kind] as const,
  abilities: (id: string) => ["groups", id, "abilities"] as const,
  invitations: (id: string) => ["groups", id, "invitations"] as const,
  people: (id: string, text: string) => ["groups", id, "people", text] as const,
  /** The signed-in user's invitations to groups. */
  myInvitations: ["groups", "invitations", "my"] as const,
};

// ---- threads ----

export function listThreads(
  userId: string,
  filter: TThreadFilter,
  page?: TPage,
): Promise<TListResult<TThread>> {
  return apiPostList(`${USERS}/${enc(userId)}/threads/filtered`, filter, {
    query: paging(page),
    schema: ZThread,
  });
}

/** Marks threads read (or unread); returns the ids the server changed. */
export function setThreadsOpened(userId: string, ids: string[], isOpened: boolean) {
  return apiPut<string[]>(`${USERS}/${enc(userId)}/threads/bulk/opened`, ids, {
    query: { isOpened },
  });
}

export function setThreadsArchived(userId: string, ids: string[], isArchived: boolean) {
  return apiPut<string[]>(`${USERS}/${enc(userId)}/threads/bulk/archived`, ids, {
    query: { isArchived },
  });
}

export function deleteThread(userId: string, threadId: string): Promise<unknown> {
  return apiDelete(`${USERS}/${enc(userId)}/threads/${enc(threadId)}`);
}

/** Opens (or reuses) my direct conversation with a user; resolves to its group id. */
export function openDirectConversation(userId: string): Promise<string> {
  return apiPost<string>(`${USERS}/${enc(userId)}/message`, undefined, { schema: z.uuid() });
}

// ---- groups ----

export function getGroup(id: string): Promise<TGroup> {
  return apiGet(`${GROUPS}/${enc(id)}`, { schema: ZGroup });
}

export function getGroupAbilities(id: string): Promise<string[]> {
  return apiGet(`${GROUPS}/${enc(id)}/my/entitlements`, { schema: z.array(z.string()) });
}

export function createGroup(input: { name: string; memberIds?: string[] }): Promise<TGroup> {
  return apiPost(GROUPS, input, { schema: ZGroup });
}

export function renameGroup(id: string, name: string): Promise<TGroup> {
  return apiPatch(`${GROUPS}/${enc(id)}`, [{ op: "replace", path: "/name", value: name }], {
    schema: ZGroup,
  });
}

export function deleteGroup(id: string): Promise<unknown> {
  return apiDelete(`${GROUPS}/${enc(id)}`);
}

export function setGroupMuted(id: string, isMuted: boolean): Promise<TGroup> {
  return apiPut(`${GROUPS}/${enc(id)}/mute`, undefined, { query: { isMuted }, schema: ZGroup });
}

export function setGroupIgnored(id: string, isIgnored: boolean): Promise<TGroup> {
  return apiPut(`${GROUPS}/${enc(id)}/ignore`, undefined, {
    query: { isIgnored },
    schema: ZGroup,
  });
}

// ---- members ----

export function listMembers(groupId: string, page?: TPage): Promise<TListResult<TGroupMember>> {
  return apiPostList(
    `${GROUPS}/${enc(groupId)}/members/filtered`,
    {},
    {
      query: paging({ take: 100, ...page }),
      schema: ZGroupMember,
    },
  );
}

/** Invites a person (picked from the people search) or an e-mail address to the group. */
export function inviteToGroup(
  groupId: string,
  invitee: { userId: string } | { email: string },
): Promise<TGroupInvitation> {
  return apiPost(`${GROUPS}/${enc(groupId)}/members`, invitee, { schema: ZGroupInvitation });
}

/** People who share a listing or a group with me, by name (at least 2 letters). */
export function searchPeople(
  groupId: string,
  text: string,
  signal?: AbortSignal,
): Promise<TSharedPerson[]> {
  return apiGet(`${GROUPS}/${enc(groupId)}/people`, {
    query: { text },
    signal,
    schema: z.array(ZSharedPerson),
  });
}

export function listGroupInvitations(groupId: string): Promise<TListResult<TGroupInvitation>> {
  return apiGetList(`${GROUPS}/${enc(groupId)}/invitations`, {
    query: { offset: 0, take: 50 },
    schema: ZGroupInvitation,
  });
}

export function revokeGroupInvitation(groupId: string, invitationId: string): Promise<unknown> {
  return apiDelete(`${GROUPS}/${enc(groupId)}/invitations/${enc(invitationId)}`);
}

export function listMyGroupInvitations(): Promise<TListResult<TGroupInvitation>> {
  return apiGetList(`${GROUPS}/invitations/my`, { schema: ZGroupInvitation });
}

export function answerGroupInvitation(
  invitationId: string,
  answer: "accept" | "decline",
): Promise<TGroupInvitationAnswer> {
  return apiPost(`${GROUPS}/invitations/${enc(invitationId)}/${answer}`, undefined, {
    schema: ZGroupInvitationAnswer,
  });
}

export function removeMember(groupId: string, memberId: string): Promise<unknown> {
  return apiDelete(`${GROUPS}/${enc(groupId)}/members/${enc(memberId)}`);
}

// ---- messages ----

/** Newest first; `before` pages back through history. */
export function listMessages(
  groupId: string,
  before?: string,
  take = 30,
): Promise<TListResult<TGroupMessage>> {
  return apiPostList(`${GROUPS}/${enc(groupId)}/messages/filtered`, before ? { before } : {}, {
    query: { offset: 0, take },
    schema: ZGroupMessage,
  });
}

export function postMessage(groupId: string, body: string): Promise<TGroupMessage> {
  return apiPost(
    `${GROUPS}/${enc(groupId)}/messages`,
    { body },
    {
      schema: ZGroupMessage,
    },
  );
}

export function deleteMessage(groupId: string, messageId: string): Promise<unknown> {
  return apiDelete(`${GROUPS}/${enc(groupId)}/messages/${enc(messageId)}`);
}

// ---- shared files ----

export type TFileSegment = "images" | "documents";

export function listGroupFiles(
  groupId: string,
  segment: TFileSegment,
  page?: TPage,
): Promise<TListResult<TGroupFile>> {
  return apiPostList(
    `${GROUPS}/${enc(groupId)}/${segment}/filtered`,
    {},
    {
      query: paging({ take: 50, ...page }),
      schema: ZGroupFile,
    },
  );
}

export function uploadGroupFile(
  groupId: string,
  segment: TFileSegment,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<TGroupFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiUpload(`${GROUPS}/${enc(groupId)}/${segment}`, form, {
    schema: ZGroupFile,
    ...(onProgress ? { onProgress } : {}),
  });
}

// ---- helpers of the messaging screens ----

/**
 * The other person of a direct conversation never changes, so it is kept under its own key:
 * outside `["groups"]`, a new message (which refreshes every group query) does not reload it.
 */
export const partnerKeys = {
  one: (groupId: string) => ["direct-partner", groupId] as const,
};

/** The other member of a direct conversation (null when alone, e.g. the other account is gone). */
export async function getDirectPartner(
  groupId: string,
  myUserId: string,
): Promise<TGroupMember["user"] | null> {
  const members = await listMembers(groupId, { take: 10 });
  return members.items.find((member) => member.user.id !== myUserId)?.user ?? null;
}

/** The fallback name the server gives every direct conversation. */
export const DIRECT_GROUP_NAME = "Direct message";

/** The message that shares an uploaded file with the group (its form is the domain's). */
export { fileMessageBody } from "@hostfield/domain/rules";

/** Which upload segment a file goes to: images by their type, everything else as a document. */
export function fileSegmentOf(file: Pick<File, "type">): TFileSegment {
  return file.type.startsWith("image/") ? "images" : "documents";
}
