// The payments feature's public face: a listing's purchase of boost days beyond its tier's (profiles'
// boosts editor), a tiered listing's membership section (profiles, on the
// listing's page), an awarded lead's deposit (requests and leads, on both sides' pages), a hotel
// reservation's card guarantee (stays: the guest's; rooms: the hotel's charge), the
// upsell where a tier matters (leads, reports), the admin's Payments tab (admin), and the address
// of a listing's membership.
export { BuyBoostDays, buyBoostLabel } from "./boost-purchase";
export { DepositPanel, type TDepositSide } from "./deposit-panel";
export {
  ADD_CARD,
  CARD_NEEDED,
  cardText,
  GUARANTEE_RETURN_PARAM,
  GuestGuarantee,
  guaranteeStanding,
  HotelGuarantee,
} from "./guarantee-panel";
export { MembershipSection } from "./membership-section";
export { MembershipUpsell, type TUpsellNeed, usePaymentsEnabled } from "./membership-upsell";
export { PaymentsAdminPanel } from "./payments-admin-panel";
export { isTieredKind, MEMBERSHIP_ANCHOR, membershipPath } from "./payments-paths";
