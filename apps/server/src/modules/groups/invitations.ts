// Invitations to groups (issue 21): adding someone to a group invites them, and they join only when
// they accept. A person is found by the people search (those who share a listing or a group with
// the admin), or invited by e-mail address; an address is answered alike whether an account has it
// or not, and one without gets a sign-up invitation that waits for the account with that address.
import {
  GROUP_MAX_INVITATIONS,
  GROUP_MAX_MEMBERS,
  PEOPLE_SEARCH_MAX,
  type TGroupMemberCreate,
  type TSharedPerson,
} from "@hostfield/domain/contracts";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { AppError, badRequest, notFound } from "../../platform/http/errors";
import { isInvitationFor, mailSignUpInvitation, normalizeEmail } from "../../platform/invitations";
import type { TPlatform } from "../../platform/module";
import type { TGroupAccess, TGroupsContext } from "./context";
import { presentPerson } from "./presenter";
import * as groupRepo from "./repository/groups";
import * as repo from "./repository/invitations";
import * as memberRepo from "./repository/members";
import * as peopleRepo from "./repository/people";
import * as threadRepo from "./repository/threads";

/** The invitations an invitee's list shows at most. */
export const MY_INVITATIONS_MAX = 100;
/**
 * The invitations one person may have waiting across all groups: with the per-group limit and the
 * mailer's one sign-up mail per address and window, what keeps an account from mailing at large.
 */
export const INVITER_MAX = 200;

/**
 * The people the caller may pick for the group: those who share a listing or a group with them and
 * whose name holds `text`, at most 20, by name, each with what they share and whether they are in
 * the group or invited already. Never their e-mail address.
 */
export async function searchPeople(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  text: string,
): Promise<TSharedPerson[]> {
  const [inListings, inGroups] = await Promise.all([
    ctx.listingCoMembers(principal.userId, text, PEOPLE_SEARCH_MAX),
    peopleRepo.groupCoMembers(ctx.db, principal.userId, text, PEOPLE_SEARCH_MAX),
  ]);
  const shared = new Map<string, TSharedPerson["shared"]>();
  const share = (userId: string, kind: "listing" | "group", names: string[]) =>
    shared.set(userId, [...(shared.get(userId) ?? []), ...names.map((name) => ({ kind, name }))]);
  for (const p of inListings) share(p.userId, "listing", p.listings);
  for (const p of inGroups) share(p.userId, "group", p.groups);
  const ids = [...shared.keys()];
  const [people, standing] = await Promise.all([
    peopleRepo.findPeople(ctx.db, ids),
    peopleRepo.standingOf(ctx.db, access.group.id, ids),
  ]);
  return ids
    .flatMap((id) => {
      const person = people.get(id);
      if (!person) return [];
      const status = standing.members.has(id)
        ? ("member" as const)
        : standing.invited.has(id)
          ? ("invited" as const)
          : ("none" as const);
      return [{ ...presentPerson(person), shared: shared.get(id)!, status }];
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, PEOPLE_SEARCH_MAX);
}

/**
 * Invites a person (by user id) or an address to the group. By id: ids are public, so an unknown
 * one, a member or the caller may say so. By address: never tell whether an account has it.
 */
export async function inviteToGroup(
  ctx: TGroupsContext,
  access: TGroupAccess,
  principal: TPrincipal,
  input: TGroupMemberCreate,
): Promise<repo.TInvitationView> {
  const groupId = access.group.id;
  const email = input.email ? normalizeEmail(input.email) : null;
  const userId = email ? await ctx.findUserIdByEmail(email) : input.userId!;
  if (!email) {
    if (userId === principal.userId)
      throw badRequest("SELF_INVITATION", "You are in the group already.");
    if (!(await ctx.userExists(userId!)))
      throw new AppError("USER_NOT_FOUND", 404, "No account has that id.");
    if (await memberRepo.findMembership(ctx.db, groupId, userId!))
      throw new AppError("ALREADY_MEMBER", 409, "That person is a member already.");
  }
  const id = await inTransaction(ctx.db, async (tx) => {
    await groupRepo.lockGroup(tx, groupId);
    return putGroupInvitation(ctx, tx, access.group, principal, {
      userId,
      email,
      role: input.role,
    });
  });
  if (userId) ctx.events.signal("GroupsChanged", { groupId, userIds: [userId] });
  return (await repo.findInvitation(ctx.db, id))!;
}

/**
 * In the caller's transaction, with the group locked (or new): the invitation put, kept within the
 * group's and the inviter's limits, and `GroupMemberInvited` recorded. Asking again is no new
 * invitation, so it counts against no limit.
 */
export async function putGroupInvitation(
  ctx: Pick<TGroupsContext, "events">,
  tx: TDb,
  group: { id: string; name: string },
  principal: TPrincipal,
  /** To an account (`userId`), or to an address (`email`, with the account that has it, if any). */
  input: { userId: string | null; email: string | null; role: TGroupMemberCreate["role"] },
): Promise<string> {
  const { userId, email } = input;
  // An invitation by address is the address's, whoever has it now.
  const who = { userId: email ? null : userId, email };
  if (!(await repo.hasInvitation(tx, group.id, who))) {
    if ((await repo.countInvitations(tx, { groupId: group.id })) >= GROUP_MAX_INVITATIONS)
      throw new AppError(
        "TOO_MANY_INVITATIONS",
        409,
        `A group keeps at most ${GROUP_MAX_INVITATIONS} invitations waiting; take one back first.`,
      );
    if ((await repo.countInvitations(tx, { invitedBy: principal.userId })) >= INVITER_MAX)
      throw new AppError(
        "TOO_MANY_INVITATIONS",
        409,
        `You have ${INVITER_MAX} invitations waiting for an answer; wait for some, or take some back.`,
      );
  }
  const invitationId = await repo.putInvitation(tx, {
    groupId: group.id,
    userId,
    email,
    role: input.role,
    invitedBy: principal.userId,
  });
  await ctx.events.record(tx, "GroupMemberInvited", {
    invitationId,
    groupId: group.id,
    groupName: group.name,
    userId,
    email,
    invitedBy: principal.userId,
  });
  return invitationId;
}

/** The group's admins take back an invitation. */
export async function revokeInvitation(ctx: TGroupsContext, access: TGroupAccess, id: string) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation || invitation.groupId !== access.group.id) throw notFound("The invitation");
  await repo.deleteInvitation(ctx.db, id);
  if (invitation.userId) {
    ctx.events.signal("GroupsChanged", { groupId: access.group.id, userIds: [invitation.userId] });
  }
}

/** The invitation, when it is the caller's to answer (404 for anyone else's). */
async function ownInvitation(ctx: TGroupsContext, principal: TPrincipal, id: string) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation || !isInvitationFor(invitation, principal)) throw notFound("The invitation");
  return invitation;
}

export const myInvitations = (ctx: TGroupsContext, principal: TPrincipal) =>
  repo.invitationsFor(
    ctx.db,
    principal.userId,
    normalizeEmail(principal.email),
    MY_INVITATIONS_MAX,
  );

/** The invitee joins the group in the role they were invited to; the invitation is used up. */
export async function acceptInvitation(ctx: TGroupsContext, principal: TPrincipal, id: string) {
  const invitation = await ownInvitation(ctx, principal, id);
  const groupId = invitation.groupId;
  const member = await inTransaction(ctx.db, async (tx) => {
    await groupRepo.lockGroup(tx, groupId);
    if (!(await repo.deleteInvitation(tx, id))) throw notFound("The invitation");
    await answered(ctx, tx, id, principal, "accepted");
    // Already a member (joined another way): the invitation is simply used up.
    const existing = await memberRepo.findMembership(tx, groupId, principal.userId);
    if (existing) return existing;
    if ((await groupRepo.countMembers(tx, groupId)) >= GROUP_MAX_MEMBERS) {
      throw badRequest("TOO_MANY_MEMBERS", `A group has at most ${GROUP_MAX_MEMBERS} members.`);
    }
    await memberRepo.addMembers(tx, groupId, [{ userId: principal.userId, role: invitation.role }]);
    await threadRepo.touchThreads(tx, groupId, threadRepo.opened([principal.userId]));
    return (await memberRepo.findMembership(tx, groupId, principal.userId))!;
  });
  ctx.events.signal("GroupsChanged", {
    groupId,
    userIds: await memberRepo.memberUserIds(ctx.db, groupId),
  });
  return { invitation, memberId: member.id };
}

export async function declineInvitation(ctx: TGroupsContext, principal: TPrincipal, id: string) {
  const invitation = await ownInvitation(ctx, principal, id);
  await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.deleteInvitation(tx, id))) throw notFound("The invitation");
    await answered(ctx, tx, id, principal, "declined");
  });
  ctx.events.signal("GroupsChanged", { groupId: invitation.groupId, userIds: [principal.userId] });
  return { invitation, memberId: null };
}

const answered = (
  ctx: TGroupsContext,
  tx: TDb,
  invitationId: string,
  principal: TPrincipal,
  answer: "accepted" | "declined",
) =>
  ctx.events.record(tx, "InvitationAnswered", {
    invitationId,
    to: "group",
    userId: principal.userId,
    answer,
  });

/**
 * An address without an account hears of its invitation by e-mail, with the way to sign up (the
 * invitation waits for the account with that address): at most once per event, and at most one
 * per address in the mail window (`sendLimited`), whoever invites it to whatever.
 */
export function subscribeGroupInvitationMail(platform: TPlatform) {
  platform.events.on("GroupMemberInvited", "groups.sign-up-invitation", async (e, delivery) => {
    if (e.userId !== null || e.email === null) return;
    await delivery.unlessDone(async () => {
      await mailSignUpInvitation(platform.mailer, {
        email: e.email!,
        purpose: "group-invitation",
        subject: `You are invited to the group ${e.groupName} on Hostfield`,
        joining: `the group "${e.groupName}"`,
        acceptUnder: "Messages",
        url: `${platform.config.publicUrl}/groups`,
      });
    });
  });
}
