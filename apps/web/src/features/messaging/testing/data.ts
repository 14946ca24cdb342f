// Test-only messaging records in the contract shapes (checked against them as they are built), and
// the world most messaging tests start from: a team group (me its admin, Sam, Alex) and a direct
// conversation with Sam.
import {
  GROUP_ABILITIES,
  type TGroup,
  type TGroupFile,
  type TGroupInvitation,
  type TGroupMember,
  type TGroupMessage,
  type TPerson,
  type TSharedPerson,
  type TThread,
  ZGroup,
  ZGroupFile,
  ZGroupInvitation,
  ZGroupMember,
  ZGroupMessage,
  ZSharedPerson,
  ZThread,
} from "@hostfield/domain/contracts";
import { buildUser } from "../../../test/factories";

export const ME: TPerson = { id: buildUser().id, name: "Jordan Lee", avatarUrl: null };
export const SAM: TPerson = {
  id: "2b7e4c1a-3f5d-4e8a-9b1c-0d2e3f4a5b6c",
  name: "Sam Rivera",
  avatarUrl: null,
};
export const ALEX: TPerson = {
  id: "3c8f5d2b-4a6e-4f9b-8c2d-1e3f4a5b6c7d",
  name: "Alex Kim",
  avatarUrl: null,
};

export const TEAM_ID = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
export const DIRECT_ID = "1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e";
export const MISSING_ID = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";

const T0 = Date.parse("2025-03-01T09:00:00.000Z");
export const minutesAfterStart = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

export const ADMIN_ABILITIES = [...GROUP_ABILITIES];
export const DIRECT_ABILITIES = ["group.read", "messages.write", "files.write", "group.delete"];

export function buildGroup(overrides: Partial<TGroup> = {}): TGroup {
  return ZGroup.parse({
    id: TEAM_ID,
    kind: "group",
    name: "Riverside coaches",
    description: null,
    memberCount: 3,
    lastMessageDate: null,
    createdDate: minutesAfterStart(0),
    updatedDate: minutesAfterStart(0),
    createdBy: ME.id,
    my: { memberId: uuid(900), role: "admin", isMuted: false, isIgnored: false },
    ...overrides,
  } satisfies TGroup);
}

export function buildGroupMember(
  groupId: string,
  user: TPerson,
  n: number,
  role: TGroupMember["role"] = "member",
): TGroupMember {
  return ZGroupMember.parse({
    id: uuid(n),
    groupId,
    user,
    role,
    isMuted: false,
    isIgnored: false,
    createdDate: minutesAfterStart(0),
  } satisfies TGroupMember);
}

export function buildMessage(
  groupId: string,
  n: number,
  author: TPerson | null = SAM,
  body = `Message ${n}`,
): TGroupMessage {
  return ZGroupMessage.parse({
    id: uuid(1000 + n),
    groupId,
    author,
    body,
    createdDate: minutesAfterStart(n),
    editedDate: null,
  } satisfies TGroupMessage);
}

export function buildThread(group: TGroup, overrides: Partial<TThread> = {}): TThread {
  return ZThread.parse({
    id: uuid(500 + (group.id === TEAM_ID ? 1 : 2)),
    groupId: group.id,
    group: { name: group.name, kind: group.kind },
    isOpened: true,
    isArchived: false,
    isMuted: false,
    lastMessage: null,
    updatedDate: minutesAfterStart(0),
    ...overrides,
  } satisfies TThread);
}

export function buildGroupFile(overrides: Partial<TGroupFile> = {}): TGroupFile {
  return ZGroupFile.parse({
    id: uuid(700),
    groupId: TEAM_ID,
    url: "/media/groups/team-photo.png",
    title: "team photo.png",
    contentType: "image/png",
    size: 4,
    width: 1,
    height: 1,
    sortKey: "a0",
    uploadedBy: ME,
    createdDate: minutesAfterStart(50),
    ...overrides,
  } satisfies TGroupFile);
}

export const CASEY: TPerson = {
  id: "4d9f6e3c-5b7a-4a0c-9d3e-2f4a5b6c7d8f",
  name: "Casey Morgan",
  avatarUrl: null,
};

/** Someone the people search finds: who shares a listing (or group) with me, and their standing. */
export function buildSharedPerson(
  person: TPerson,
  overrides: Partial<TSharedPerson> = {},
): TSharedPerson {
  return ZSharedPerson.parse({
    ...person,
    shared: [{ kind: "listing", name: "Riverside Courts" }],
    status: "none",
    ...overrides,
  } satisfies TSharedPerson);
}

/** An invitation to a group: to a person (`invitee` a TPerson) or to an address (a string). */
export function buildGroupInvitation(
  n: number,
  invitee: TPerson | string,
  overrides: Partial<TGroupInvitation> = {},
): TGroupInvitation {
  return ZGroupInvitation.parse({
    id: uuid(1200 + n),
    groupId: TEAM_ID,
    group: { name: "Riverside coaches" },
    invitee:
      typeof invitee === "string"
        ? { person: null, email: invitee }
        : { person: invitee, email: null },
    role: "member",
    invitedBy: ME,
    createdDate: minutesAfterStart(60 + n),
    ...overrides,
  } satisfies TGroupInvitation);
}

/** What the messaging handlers answer from: groups, their members, messages and my abilities. */
export type TMessagingWorld = {
  groups: TGroup[];
  members: Record<string, TGroupMember[]>;
  /** Each group's invitations waiting for an answer, and those waiting for me. */
  invitations: Record<string, TGroupInvitation[]>;
  myInvitations: TGroupInvitation[];
  /** What the people search answers (the server matches names; the handler answers these). */
  people: TSharedPerson[];
  /** Oldest first, as a conversation shows them. */
  messages: Record<string, TGroupMessage[]>;
  abilities: Record<string, string[]>;
  threads: TThread[];
};

/** A team group (me admin, Sam, Alex) and a direct conversation with Sam, unread. */
export function messagingWorld(): TMessagingWorld {
  const team = buildGroup();
  const direct = buildGroup({
    id: DIRECT_ID,
    kind: "direct",
    name: "Direct message",
    memberCount: 2,
    my: { memberId: uuid(901), role: "member", isMuted: false, isIgnored: false },
  });
  return {
    groups: [team, direct],
    members: {
      [TEAM_ID]: [
        buildGroupMember(TEAM_ID, ME, 900, "admin"),
        buildGroupMember(TEAM_ID, SAM, 902),
        buildGroupMember(TEAM_ID, ALEX, 903),
      ],
      [DIRECT_ID]: [buildGroupMember(DIRECT_ID, ME, 901), buildGroupMember(DIRECT_ID, SAM, 904)],
    },
    invitations: {},
    myInvitations: [],
    people: [],
    messages: {
      [TEAM_ID]: [
        buildMessage(TEAM_ID, 1, SAM, "Kick-off at 9"),
        buildMessage(TEAM_ID, 2, ME, "See you there"),
      ],
      [DIRECT_ID]: [buildMessage(DIRECT_ID, 3, SAM, "Are the fields booked?")],
    },
    abilities: { [TEAM_ID]: ADMIN_ABILITIES, [DIRECT_ID]: DIRECT_ABILITIES },
    threads: [
      buildThread(direct, {
        isOpened: false,
        lastMessage: {
          body: "Are the fields booked?",
          author: SAM,
          createdDate: minutesAfterStart(3),
        },
        updatedDate: minutesAfterStart(3),
      }),
      buildThread(team, {
        lastMessage: { body: "See you there", author: ME, createdDate: minutesAfterStart(2) },
        updatedDate: minutesAfterStart(2),
      }),
    ],
  };
}
