// The listings' public face: the listing page of every kind and the new-listing page, and what the
// organizer's request wizard (requests) builds on: the kind table, the form fields and their
// errors, event listings, and a listing's abilities. The marketplace checks its results with the
// listing reply parser.
export { CreateListingPage } from "./create-listing-page";
export { type TEventListing, ZEventListing } from "./events-api";
export { InvitationAnswerButtons, MyInvitations, NO_INVITATIONS } from "./invitations";
export { createBodyOf, createErrors, SPORTS_FIELD } from "./listing-form";
export { listingParser } from "./listing-reply";
export { FieldGrid } from "./profile-edit-form";
export {
  fieldErrorsOf,
  type TFieldErrors,
  type TFieldSpec,
  type TFormValue,
  type TFormValues,
} from "./profile-fields";
export { kindConfig } from "./profile-kinds";
export { ProfilePage } from "./profile-page";
export type { TProfile } from "./profiles-api";
export { isListingId, useAbilities } from "./use-profiles";
