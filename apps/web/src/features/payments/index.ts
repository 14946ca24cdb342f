// The payments feature's public face: a tiered listing's membership section (profiles, on the
// listing's page), the upsell where a tier matters (leads, reports), the admin's Payments tab
// (admin), and the address of a listing's membership.
export { MembershipSection } from "./membership-section";
export { MembershipUpsell, type TUpsellNeed, usePaymentsEnabled } from "./membership-upsell";
export { PaymentsAdminPanel } from "./payments-admin-panel";
export { isTieredKind, MEMBERSHIP_ANCHOR, membershipPath } from "./payments-paths";
