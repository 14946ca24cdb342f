// A listing page's section frame: the shared page section.

/** A listing page's section: the shared page section frame. */
export { PageSection as ProfileSection } from "../../ui/page-section";
