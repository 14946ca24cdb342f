// Test-only MSW handlers for the messaging calls, answering from a messaging world (testing/data.ts)
// with records built by its factories. They keep no state and judge nothing: a test that needs
// another answer (a later list, a refusal) says so with server.use.
import {
  type TGroup,
  type TGroupMessage,
  ZGroup,
  ZGroupInvitation,
  ZGroupInvitationAnswer,
  ZGroupMember,
  ZGroupMessage,
  ZId,
  ZSharedPerson,
  ZThread,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { z } from "zod";
import { dataOf, dataReply, deletedReply, errorReply, listReply, sent } from "../../../test/msw";
import {
  buildGroup,
  buildGroupInvitation,
  buildMessage,
  DIRECT_ID,
  ME,
  messagingWorld,
  type TMessagingWorld,
  uuid,
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
    // Invitations: mine, my answers, a group's pending list, the people search, inviting, revoking.
    http.get(`${GROUPS}/invitations/my`, () => listReply(ZGroupInvitation, world.myInvitations)),
    http.post(`${GROUPS}/invitations/:invitationId/:answer`, ({ params }) => {
      const invitation = world.myInvitations.find((i) => i.id === params.invitationId);
      if (!invitation) return errorReply(404, "NOT_FOUND", "The invitation was not found.");
      const accepted = params.answer === "accept";
      return dataReply(ZGroupInvitationAnswer, {
        id: invitation.id,
        answer: accepted ? "accepted" : "declined",
        groupId: invitation.groupId,
        memberId: accepted ? uuid(950) : null,
      });
    }),
    http.get(`${GROUPS}/:groupId/invitations`, ({ params }) =>
      group(params.groupId)
        ? listReply(ZGroupInvitation, world.invitations[String(params.groupId)] ?? [])
        : groupNotFound(),
    ),
    http.get(`${GROUPS}/:groupId/people`, ({ params }) =>
      group(params.groupId) ? dataReply(z.array(ZSharedPerson), world.people) : groupNotFound(),
    ),
    http.post(`${GROUPS}/:groupId/members`, async ({ params, request }) => {
      if (!group(params.groupId)) return groupNotFound();
      const { userId, email } = await dataOf<{ userId?: string; email?: string }>(request);
      const person = world.people.find((p) => p.id === userId);
      const invitee = person
        ? { id: person.id, name: person.name, avatarUrl: person.avatarUrl }
        : (email ?? "");
      return dataReply(ZGroupInvitation, buildGroupInvitation(99, invitee), { status: 201 });
    }),
    http.delete(`${GROUPS}/:groupId/invitations/:invitationId`, ({ params }) =>
      deletedReply(String(params.invitationId)),
    ),
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
