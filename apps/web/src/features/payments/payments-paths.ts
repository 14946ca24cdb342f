// Where a listing's membership is: the section of its page its managers see, which the upsell and
// other pages link to (`/facilities/{id}#membership`).
import { TIERED_KINDS, type TTieredKind } from "@hostfield/domain/contracts";
import { profileLink } from "@hostfield/domain/rules";

/** The membership section's anchor on a listing's page. */
export const MEMBERSHIP_ANCHOR = "membership";

export const membershipPath = (kind: TTieredKind, id: string) =>
  `${profileLink(kind, id)}#${MEMBERSHIP_ANCHOR}`;

/** Whether a kind of listing carries a tier (destinations, facilities, businesses). */
export const isTieredKind = (kind: string): kind is TTieredKind =>
  (TIERED_KINDS as readonly string[]).includes(kind);
