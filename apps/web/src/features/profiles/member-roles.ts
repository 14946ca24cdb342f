// How member roles read on the members list and on invitations.
import type { TMemberRole } from "./profiles-api";

export const ROLE_LABELS: Record<TMemberRole, string> = {
  owner: "Owner",
  manager: "Manager",
  member: "Member",
};
