// The parts of a listing page only its editors see, loaded when someone who may edit opens the
// page: a visitor's page (the first load people arriving from a search wait for) then carries none
// of their fields, pickers, menus and zod checks. Each is used inside an EditorPart.
import { lazy, type ReactNode, Suspense } from "react";

/** Where an editor's part goes: `fallback` (by default nothing) shows until its code is in. */
export function EditorPart({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

const childEditors = () => import("./child-editors");

export const NamedChildAddForm = lazy(async () => ({
  default: (await childEditors()).NamedChildAddForm,
}));
export const SpaceTypeForm = lazy(async () => ({ default: (await childEditors()).SpaceTypeForm }));
export const SpaceDayPriceDialog = lazy(async () => ({
  default: (await childEditors()).SpaceDayPriceDialog,
}));
export const AddPartnerForm = lazy(async () => ({
  default: (await childEditors()).AddPartnerForm,
}));
export const BoostsSection = lazy(async () => ({ default: (await childEditors()).BoostsSection }));
export const MediaEditor = lazy(async () => ({
  default: (await import("./media-editor")).MediaEditor,
}));
/** Members are shown to those who may see them (profile.readPrivate), never to visitors. */
export const MembersSection = lazy(async () => ({
  default: (await import("./members-section")).MembersSection,
}));
export const ManageMenu = lazy(async () => ({
  default: (await import("./manage-menu")).ManageMenu,
}));
/** The edit form (fields, pickers, JSON Patch) loads when someone starts editing. */
export const ProfileEditForm = lazy(async () => ({
  default: (await import("./profile-edit-form")).ProfileEditForm,
}));
/** A tiered listing's membership (the payments feature), for those who may update the listing. */
export const MembershipSection = lazy(async () => ({
  default: (await import("../payments")).MembershipSection,
}));
