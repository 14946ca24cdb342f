// Who sees a person (issue 16 §3): a user who hides themselves (isVisible = false) appears to
// everyone but themselves and admins as "Hidden user", without an id to follow.

export const HIDDEN_USER_NAME = "Hidden user";

/** Who is looking: a signed-in user (their id, whether admin) or a visitor (null). */
export type TViewer = { userId: string; isAdmin: boolean } | null;

/** True when `viewer` may see who `person` is. */
export const seesPerson = (viewer: TViewer, person: { id: string; isVisible: boolean }): boolean =>
  person.isVisible || viewer?.isAdmin === true || viewer?.userId === person.id;

/** A person as `viewer` may see them: themselves, or anonymous when they hide. */
export function personAsSeen<T extends { id: string; name: string; isVisible: boolean }>(
  viewer: TViewer,
  person: T,
): { id: string | null; name: string; shown: boolean } {
  return seesPerson(viewer, person)
    ? { id: person.id, name: person.name, shown: true }
    : { id: null, name: HIDDEN_USER_NAME, shown: false };
}
