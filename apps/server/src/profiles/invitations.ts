// Invitations to a listing's members (issue 16 §3): "adding" someone invites them, and they join
// only when they accept. An address without an account is invited the same way (the reply cannot
// tell the two apart) and gets an e-mail asking them to sign up; their invitation waits for them.
import type { TMemberRole } from "@hostfield/domain/contracts";
import type { TStaffRole } from "@hostfield/domain/reference";
import { inTransaction, type TDb } from "../platform/db/database";
import type { TPrincipal } from "../platform/http/access";
import { AppError, forbidden, notFound } from "../platform/http/errors";
import { isInvitationFor, mailSignUpInvitation, normalizeEmail } from "../platform/invitations";
import type { TPlatform } from "../platform/module";
import type { TKindDescriptor } from "./descriptor";
import * as repo from "./repository";
import type { TProfileAccess, TProfilesContext } from "./service";

export async function inviteMember(
  ctx: TProfilesContext,
  d: TKindDescriptor,
  granted: TProfileAccess,
  principal: TPrincipal,
  input: {
    userId?: string;
    email?: string;
    role: TMemberRole;
    staffRole?: TStaffRole | null;
  },
): Promise<repo.TInvitationRow> {
  if (input.role === "owner" && !granted.abilities.includes("members.writeOwners"))
    throw forbidden("Only an owner can invite another owner.");
  const profileId = granted.profile.id;
  const email = input.userId === undefined && input.email ? normalizeEmail(input.email) : null;
  // By id: ids are public, so an unknown one may say so. By address: never tell.
  const userId = email ? await ctx.findUserIdByEmail(email) : (input.userId ?? null);
  if (!email && (!userId || !(await ctx.userExists(userId))))
    throw new AppError("USER_NOT_FOUND", 404, "No account has that id.");
  if (!email && userId && (await repo.memberIdOf(ctx.db, profileId, userId)))
    throw new AppError("ALREADY_MEMBER", 409, `They are already a member of this ${d.label}.`);
  const id = await inTransaction(ctx.db, async (tx) => {
    const invitationId = await repo.putInvitation(tx, {
      profileId,
      userId,
      email,
      role: input.role,
      staffRole: input.staffRole ?? null,
      invitedBy: principal.userId,
    });
    await ctx.events?.record(tx, "MemberInvited", {
      invitationId,
      profileId,
      userId,
      email,
      role: input.role,
      invitedBy: principal.userId,
    });
    return invitationId;
  });
  return (await repo.findInvitation(ctx.db, id))!;
}

/** The invitation addressed, when it is the caller's to answer (404 for anyone else's). */
async function ownInvitation(ctx: TProfilesContext, principal: TPrincipal, id: string) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation || !isInvitationFor(invitation, principal)) throw notFound("The invitation");
  return invitation;
}

export const myInvitations = (ctx: TProfilesContext, principal: TPrincipal) =>
  repo.invitationsFor(ctx.db, principal.userId, normalizeEmail(principal.email));

/**
 * The invitee joins the listing in the role they were invited to; the invitation is used up.
 * Returns it with the membership.
 */
export async function acceptInvitation(ctx: TProfilesContext, principal: TPrincipal, id: string) {
  const invitation = await ownInvitation(ctx, principal, id);
  const memberId = await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.deleteInvitation(tx, id))) throw notFound("The invitation");
    const added = await repo.insertMember(tx, {
      profileId: invitation.profileId,
      userId: principal.userId,
      role: invitation.role,
      staffRole: invitation.staffRole,
      createdBy: invitation.invitedBy,
      updatedBy: principal.userId,
    });
    await answered(ctx, tx, id, principal, "accepted");
    // Already a member (joined another way): the invitation is simply used up.
    if (!added) return repo.memberIdOf(tx, invitation.profileId, principal.userId);
    await ctx.events?.record(tx, "ProfileMemberAdded", {
      profileId: invitation.profileId,
      userId: principal.userId,
      role: invitation.role,
      addedBy: principal.userId,
    });
    return added;
  });
  return { invitation, memberId };
}

export async function declineInvitation(ctx: TProfilesContext, principal: TPrincipal, id: string) {
  const invitation = await ownInvitation(ctx, principal, id);
  await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.deleteInvitation(tx, id))) throw notFound("The invitation");
    await answered(ctx, tx, id, principal, "declined");
  });
  return { invitation, memberId: null };
}

const answered = (
  ctx: TProfilesContext,
  tx: TDb,
  invitationId: string,
  principal: TPrincipal,
  answer: "accepted" | "declined",
) =>
  ctx.events?.record(tx, "InvitationAnswered", {
    invitationId,
    to: "listing",
    userId: principal.userId,
    answer,
  });

/** The listing's owners and managers take back an invitation of theirs. */
export async function revokeInvitation(ctx: TProfilesContext, granted: TProfileAccess, id: string) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation || invitation.profileId !== granted.profile.id) throw notFound("The invitation");
  if (invitation.role === "owner" && !granted.abilities.includes("members.writeOwners"))
    throw forbidden("Only an owner can take back an invitation of an owner.");
  await repo.deleteInvitation(ctx.db, id);
}

/**
 * An address without an account hears of its invitation by e-mail, with the way to sign up (the
 * invitation waits for the account with that address). Marked first, then sent: at most once per
 * event, and at most one per address in the mail window (`sendLimited`).
 */
export function subscribeInvitationMail(platform: TPlatform, ctx: TProfilesContext) {
  platform.events.on("MemberInvited", "profiles.sign-up-invitation", async (e, delivery) => {
    if (e.userId !== null || e.email === null) return;
    const listing = await repo.findProfileRow(ctx.db, e.profileId);
    if (!listing) return;
    // Anyone with a listing can invite any address: one such mail per address and window. Marked
    // once the mail is claimed and in the outbox, so a failure before that retries it.
    await delivery.unlessDone(async () => {
      await mailSignUpInvitation(platform.mailer, {
        email: e.email!,
        purpose: "listing-invitation",
        subject: `You are invited to ${listing.name} on Hostfield`,
        joining: `${listing.name} as ${e.role}`,
        acceptUnder: "Account > Invitations",
        url: `${platform.config.publicUrl}/account`,
      });
    });
  });
}
