// Test-only: an in-memory stand-in for the messaging API, answering through stubApi and recording
// every call (uploads: test/upload-stub.ts).
import type {
  TGroup,
  TGroupFile,
  TGroupMember,
  TGroupMessage,
  TPerson,
  TThread,
} from "@hostfield/domain/contracts";
import { stubApi, type TApiCall } from "../../test/api-stub";
import { buildUser } from "../../test/factories";

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

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

export function buildGroup(overrides: Partial<TGroup> = {}): TGroup {
  return {
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
  };
}

function member(groupId: string, user: TPerson, n: number, role: "admin" | "member"): TGroupMember {
  return {
    id: uuid(n),
    groupId,
    user,
    role,
    isMuted: false,
    isIgnored: false,
    createdDate: minutesAfterStart(0),
  };
}

export function buildMessage(
  groupId: string,
  n: number,
  author: TPerson | null = SAM,
  body = `Message ${n}`,
): TGroupMessage {
  return {
    id: uuid(1000 + n),
    groupId,
    author,
    body,
    createdDate: minutesAfterStart(n),
    editedDate: null,
  };
}

export function buildThread(group: TGroup, overrides: Partial<TThread> = {}): TThread {
  return {
    id: uuid(500 + (group.id === TEAM_ID ? 1 : 2)),
    groupId: group.id,
    group: { name: group.name, kind: group.kind },
    isOpened: true,
    isArchived: false,
    isMuted: false,
    lastMessage: null,
    updatedDate: minutesAfterStart(0),
    ...overrides,
  };
}

const ADMIN_ABILITIES = [
  "group.read",
  "group.update",
  "group.delete",
  "members.write",
  "messages.write",
  "messages.moderate",
  "files.write",
  "files.moderate",
];
const DIRECT_ABILITIES = ["group.read", "messages.write", "files.write", "group.delete"];

const json = (data: unknown, status = 200) => Response.json({ data }, { status });
const list = (items: unknown[], count = items.length) =>
  Response.json({ data: items, _meta: { stats: { count } } });
const notFound = () =>
  Response.json(
    { error: { code: "NOT_FOUND", message: "The group was not found." } },
    { status: 404 },
  );

export type TFakeServer = ReturnType<typeof createFakeMessagingServer>;

/** A team group (me admin, Sam, Alex) and a direct conversation with Sam. */
export function createFakeMessagingServer() {
  const team = buildGroup();
  const direct = buildGroup({
    id: DIRECT_ID,
    kind: "direct",
    name: "Direct message",
    memberCount: 2,
    my: { memberId: uuid(901), role: "member", isMuted: false, isIgnored: false },
  });
  const state = {
    groups: new Map<string, TGroup>([
      [team.id, team],
      [direct.id, direct],
    ]),
    members: new Map<string, TGroupMember[]>([
      [
        team.id,
        [
          member(team.id, ME, 900, "admin"),
          member(team.id, SAM, 902, "member"),
          member(team.id, ALEX, 903, "member"),
        ],
      ],
      [direct.id, [member(direct.id, ME, 901, "member"), member(direct.id, SAM, 904, "member")]],
    ]),
    messages: new Map<string, TGroupMessage[]>([
      [
        team.id,
        [
          buildMessage(team.id, 1, SAM, "Kick-off at 9"),
          buildMessage(team.id, 2, ME, "See you there"),
        ],
      ],
      [direct.id, [buildMessage(direct.id, 3, SAM, "Are the fields booked?")]],
    ]),
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
    ] as TThread[],
    abilities: new Map<string, string[]>([
      [team.id, ADMIN_ABILITIES],
      [direct.id, DIRECT_ABILITIES],
    ]),
    nextMessage: 100,
  };

  const G = "/user-mgmt/api/groups/";
  const threadsPath = `/user-mgmt/api/users/${ME.id}/threads`;

  const handle = (call: TApiCall): Response | undefined => {
    const { method, path, url } = call;
    const data = (call.body as { data?: Record<string, unknown> } | undefined)?.data;
    if (path === "/status.json") return Response.json({});
    if (path === `${threadsPath}/filtered` && method === "POST") {
      const archived = data?.isArchived === true;
      return list(state.threads.filter((thread) => thread.isArchived === archived));
    }
    if (path.startsWith(`${threadsPath}/bulk/`) && method === "PUT") {
      const flag = path.endsWith("/opened") ? "isOpened" : "isArchived";
      const value = url.searchParams.get(flag) === "true";
      const ids = call.body as { data: string[] };
      for (const thread of state.threads) if (ids.data.includes(thread.id)) thread[flag] = value;
      return json(ids.data);
    }
    if (path === `${G.slice(0, -1)}` && method === "POST") {
      const created = buildGroup({
        id: "4d9a6e3c-5b7f-4a1c-9d3e-2f4a5b6c7d8e",
        name: String(data?.name),
        memberCount: 1,
      });
      state.groups.set(created.id, created);
      state.members.set(created.id, [member(created.id, ME, 905, "admin")]);
      state.messages.set(created.id, []);
      state.abilities.set(created.id, ADMIN_ABILITIES);
      return json(created, 201);
    }
    if (!path.startsWith(G)) return undefined;
    const [groupId = "", ...rest] = path.slice(G.length).split("/");
    const group = state.groups.get(groupId);
    if (!group) return notFound();
    const sub = rest.join("/");
    if (sub === "" && method === "GET") return json(group);
    if (sub === "my/entitlements") return json(state.abilities.get(groupId) ?? []);
    if (sub === "members/filtered") return list(state.members.get(groupId) ?? []);
    if ((sub === "mute" || sub === "ignore") && method === "PUT") {
      const flag = sub === "mute" ? "isMuted" : "isIgnored";
      const value = url.searchParams.get(flag) === "true";
      const updated: TGroup = { ...group, my: group.my ? { ...group.my, [flag]: value } : null };
      state.groups.set(groupId, updated);
      return json(updated);
    }
    const messages = state.messages.get(groupId) ?? [];
    if (sub === "messages/filtered" && method === "POST") {
      const before = typeof data?.before === "string" ? data.before : null;
      const take = Number(url.searchParams.get("take") ?? 30);
      const matching = messages
        .filter((message) => !before || message.createdDate < before)
        .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
      return list(matching.slice(0, take), matching.length);
    }
    if (sub === "messages" && method === "POST") {
      state.nextMessage += 1;
      const posted = buildMessage(groupId, state.nextMessage, ME, String(data?.body));
      messages.push(posted);
      return json(posted, 201);
    }
    if (sub.startsWith("messages/") && method === "DELETE") {
      const id = sub.slice("messages/".length);
      state.messages.set(
        groupId,
        messages.filter((message) => message.id !== id),
      );
      return json({ id, deleted: true });
    }
    return undefined;
  };

  const api = stubApi(handle);
  return { ...api, state, team, direct };
}

/** Every message-list request the page made for a group, with its `before` (if any). */
export function messageRequests(server: TFakeServer, groupId: string) {
  return server
    .to(`/user-mgmt/api/groups/${groupId}/messages/filtered`, "POST")
    .map((call) => (call.body as { data: { before?: string } }).data);
}

export function postedBodies(server: TFakeServer, groupId: string): string[] {
  return server
    .to(`/user-mgmt/api/groups/${groupId}/messages`, "POST")
    .map((call) => (call.body as { data: { body: string } }).data.body);
}

// The upload fake is shared (test/upload-stub.ts); leads/lead-page.test.tsx still imports it here.
export { stubUploads } from "../../test/upload-stub";

export function buildGroupFile(overrides: Partial<TGroupFile> = {}): TGroupFile {
  return {
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
  };
}
