// Test-only MSW handlers for the messaging calls, answering from a messaging world (testing/data.ts)
// with records built by its factories. They keep no state and judge nothing: a test that needs
// another answer (a later list, a refusal) says so with server.use.
import {
  type TGroup,
  type TGroupMessage,
  ZGroup,
  ZGroupMember,
  ZGroupMessage,
  ZId,
  ZThread,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { z } from "zod";
import { dataOf, dataReply, deletedReply, errorReply, listReply, sent } from "../../../test/msw";
import {
  buildGroup,
  buildMessage,
  DIRECT_ID,
  ME,
  messagingWorld,
  type TMessagingWorld,
} from "./data";

export const USERS = "/user-mgmt/api/users";
export const GROUPS = "/user-mgmt/api/groups";

/** The id `POST /groups` answers with. */
export const NEW_GROUP_ID = "4d9a6e3c-5b7f-4a1c-9d3e-2f4a5b6c7d8e";

export const groupNotFound = () => errorReply(404, "NOT_FOUND", "The group was not found.");

/** A conversation's messages as the list call answers them: newest first, at most `take`. */
export function messagesReply(messages: readonly TGroupMessage[], request: Request) {
  const take = Number(new URL(request.url).searchParams.get("take") ?? 30);
  const newestFirst = [...messages].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  return listReply(ZGroupMessage, newestFirst.slice(0, take), messages.length);
}

export function messagingHandlers(world: TMessagingWorld = messagingWorld()) {
  const group = (id: unknown): TGroup | undefined => world.groups.find((g) => g.id === id);
  let posted = 100;
  return [
    http.post(`${USERS}/:userId/threads/filtered`, () => listReply(ZThread, world.threads)),
    http.put(`${USERS}/:userId/threads/bulk/:flag`, async ({ request }) =>
      dataReply(z.array(ZId), ((await request.json()) as { data: string[] }).data),
    ),
    // Opening a direct conversation answers with the one the world has.
    http.post(`${USERS}/:userId/message`, () => dataReply(ZId, DIRECT_ID)),
    http.post(GROUPS, async ({ request }) => {
      const { name } = await dataOf<{ name: string }>(request);
      return dataReply(ZGroup, buildGroup({ id: NEW_GROUP_ID, name, memberCount: 1 }), {
        status: 201,
      });
    }),
    http.get(`${GROUPS}/:groupId`, ({ params }) => {
      const found = group(params.groupId);
      return found ? dataReply(ZGroup, found) : groupNotFound();
    }),
    http.get(`${GROUPS}/:groupId/my/entitlements`, ({ params }) =>
      group(params.groupId)
        ? dataReply(z.array(z.string()), world.abilities[String(params.groupId)] ?? [])
        : groupNotFound(),
    ),
    http.post(`${GROUPS}/:groupId/members/filtered`, ({ params }) =>
      group(params.groupId)
        ? listReply(ZGroupMember, world.members[String(params.groupId)] ?? [])
        : groupNotFound(),
    ),
    // Mute and ignore answer with the group as the flag in the query leaves it.
    http.put(`${GROUPS}/:groupId/:flag`, ({ params, request }) => {
      const found = group(params.groupId);
      if (!found?.my) return groupNotFound();
      const field = params.flag === "mute" ? "isMuted" : "isIgnored";
      const value = new URL(request.url).searchParams.get(field) === "true";
      return dataReply(ZGroup, { ...found, my: { ...found.my, [field]: value } });
    }),
    http.post(`${GROUPS}/:groupId/messages/filtered`, ({ params, request }) =>
      group(params.groupId)
        ? messagesReply(world.messages[String(params.groupId)] ?? [], request)
        : groupNotFound(),
    ),
    http.post(`${GROUPS}/:groupId/messages`, async ({ params, request }) => {
      if (!group(params.groupId)) return groupNotFound();
      const { body } = await dataOf<{ body: string }>(request);
      posted += 1;
      return dataReply(ZGroupMessage, buildMessage(String(params.groupId), posted, ME, body), {
        status: 201,
      });
    }),
    http.delete(`${GROUPS}/:groupId/messages/:messageId`, ({ params }) =>
      deletedReply(String(params.messageId)),
    ),
  ];
}

/** The `{data}` filter of every message-list request made for a group (`before`, if any). */
export function messageRequests(groupId: string) {
  return sent
    .bodies(`${GROUPS}/${groupId}/messages/filtered`, "POST")
    .map((body) => (body as { data: { before?: string } }).data);
}

/** The bodies of the messages posted to a group, in order. */
export function postedBodies(groupId: string): string[] {
  return sent
    .bodies(`${GROUPS}/${groupId}/messages`, "POST")
    .map((body) => (body as { data: { body: string } }).data.body);
}
