// Who may do what with a profile: one function decides, `my/entitlements` returns its answer and
// every route checks the same answer (ARCHITECTURE §5).
import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TPrincipal } from "../platform/http/access";
import type { TMembership, TProfileRow } from "./repository";

const READ: TProfileAbility[] = ["profile.read"];
const MEMBER: TProfileAbility[] = [...READ, "profile.readPrivate"];
const MANAGER: TProfileAbility[] = [
  ...MEMBER,
  "profile.update",
  "media.write",
  "members.write",
  "boosts.write",
  "partners.write",
];
const OWNER: TProfileAbility[] = [...MANAGER, "profile.delete", "members.writeOwners"];
const ADMIN: TProfileAbility[] = [...OWNER, "profile.approve", "profile.setTier"];

export const isPublicProfile = (p: Pick<TProfileRow, "status" | "isActive">) =>
  p.status === "approved" && p.isActive;

/**
 * Whether a caller without a role may yet reach the listing through a lead: an event that is not
 * public (the request wizard's events stay pending) but whose request went out to listings. Only
 * then is it worth asking whether they manage one of those listings (`managesLeadRecipient`).
 */
export const readableThroughLeads = (
  profile: Pick<TProfileRow, "kind" | "status" | "isActive">,
  principal: TPrincipal | null,
  membership: TMembership,
) =>
  principal !== null &&
  profile.kind === "event" &&
  !isPublicProfile(profile) &&
  membership.role === null &&
  !membership.inheritedManager;

/**
 * The abilities `principal` has on `profile`: admins everything; owners, managers (also those who
 * manage a facility through its destination) and members by role; everyone else reads approved,
 * active profiles, and signed-in callers may react to them (and review facilities they do not
 * manage). A pending
 * event is read (its public page, nothing more) by the managers of every listing that received
 * one of its leads (`managesLeadRecipient`), so a lead's "See the event page" opens.
 */
export function profileAbilities(
  profile: Pick<TProfileRow, "kind" | "status" | "isActive">,
  principal: TPrincipal | null,
  membership: TMembership,
  managesLeadRecipient = false,
): TProfileAbility[] {
  let granted: TProfileAbility[];
  if (principal?.isAdmin) granted = ADMIN;
  else if (membership.role === "owner") granted = OWNER;
  else if (membership.role === "manager" || membership.inheritedManager) granted = MANAGER;
  else if (membership.role === "member") granted = MEMBER;
  else if (isPublicProfile(profile)) granted = READ;
  else if (managesLeadRecipient && readableThroughLeads(profile, principal, membership))
    granted = READ;
  else granted = [];
  if (!principal || granted.length === 0) return [...granted];
  // A facility's own managers (through its destinations too) may not review it.
  const manages =
    membership.role === "owner" || membership.role === "manager" || membership.inheritedManager;
  const social: TProfileAbility[] = isPublicProfile(profile)
    ? [
        "reactions.write",
        ...(profile.kind === "facility" && !manages ? (["reviews.write"] as const) : []),
      ]
    : [];
  return [...granted, ...social];
}
