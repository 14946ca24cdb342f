// Groups, members, messages, files and threads as the API returns them (contracts/messaging.ts).
import type {
  TGroup,
  TGroupFile,
  TGroupInvitation,
  TGroupMember,
  TGroupMessage,
  TPerson,
  TThread,
} from "@hostfield/domain/contracts";
import { mediaUrl } from "../users";
import type { TFileWithUploader } from "./repository/files";
import type { TGroupRow } from "./repository/groups";
import type { TInvitationView } from "./repository/invitations";
import type { TMemberRow, TMemberWithPerson } from "./repository/members";
import type { TMessageWithAuthor } from "./repository/messages";
import type { TPersonRow } from "./repository/people";
import type { TThreadView } from "./repository/threads";

const iso = (d: Date) => d.toISOString();

export const presentPerson = (p: TPersonRow): TPerson => ({
  id: p.id,
  name: p.name,
  avatarUrl: mediaUrl(p.avatarKey),
});

export function presentGroup(
  g: TGroupRow,
  memberCount: number,
  my: TMemberRow | undefined,
): TGroup {
  return {
    id: g.id,
    kind: g.kind,
    name: g.name,
    description: g.description,
    memberCount,
    lastMessageDate: g.lastMessageDate ? iso(g.lastMessageDate) : null,
    createdDate: iso(g.createdDate),
    updatedDate: iso(g.updatedDate),
    createdBy: g.createdBy,
    my: my
      ? { memberId: my.id, role: my.role, isMuted: my.isMuted, isIgnored: my.isIgnored }
      : null,
  };
}

export const presentMember = (m: TMemberWithPerson): TGroupMember => ({
  id: m.id,
  groupId: m.groupId,
  user: presentPerson(m.person),
  role: m.role,
  isMuted: m.isMuted,
  isIgnored: m.isIgnored,
  createdDate: iso(m.createdDate),
});

/** Links to group files for the member reading: the stored key, and texts that may hold links. */
export type TLinker = { file(key: string): string; text(body: string): string };

export const presentMessage = (m: TMessageWithAuthor, links: TLinker): TGroupMessage => ({
  id: m.id,
  groupId: m.groupId,
  author: m.author ? presentPerson(m.author) : null,
  body: links.text(m.body),
  createdDate: iso(m.createdDate),
  editedDate: m.editedDate ? iso(m.editedDate) : null,
});

export const presentFile = (f: TFileWithUploader, links: TLinker): TGroupFile => ({
  id: f.id,
  groupId: f.groupId,
  url: links.file(f.fileKey),
  title: f.title,
  contentType: f.contentType,
  size: f.size,
  width: f.width,
  height: f.height,
  sortKey: f.sortKey,
  uploadedBy: f.uploader ? presentPerson(f.uploader) : null,
  createdDate: iso(f.createdDate),
});

export const presentThread = (t: TThreadView): TThread => ({
  id: t.id,
  groupId: t.groupId,
  group: t.group,
  isOpened: t.isOpened,
  isArchived: t.isArchived,
  isMuted: t.isMuted,
  lastMessage: t.lastMessage
    ? {
        body: t.lastMessage.body,
        author: t.lastMessage.author ? presentPerson(t.lastMessage.author) : null,
        createdDate: iso(t.lastMessage.createdDate),
      }
    : null,
  updatedDate: iso(t.updatedDate),
});

/**
 * An invitation as given: to an address it reads as the address (whether or not an account has
 * it, so nothing is told of accounts), to a person as their name and avatar.
 */
export const presentInvitation = (i: TInvitationView): TGroupInvitation => ({
  id: i.id,
  groupId: i.groupId,
  group: { name: i.groupName },
  invitee: {
    person: i.email === null && i.invitee ? presentPerson(i.invitee) : null,
    email: i.email,
  },
  role: i.role,
  invitedBy: i.inviter ? presentPerson(i.inviter) : null,
  createdDate: iso(i.createdDate),
});
