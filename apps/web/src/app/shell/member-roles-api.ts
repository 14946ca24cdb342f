// `GET /users/my/roles`, loaded with the Me menu's first opening (nav-items.ts imports it when
// called): its schema comes from the contracts, which a page's first script must not carry.
import { type TMemberRoles, ZMemberRoles } from "@hostfield/domain/contracts";
import { apiGet } from "../../lib/api";
import { MEMBER_ROLES_PATH } from "./nav-items";

export function fetchMemberRoles(signal?: AbortSignal): Promise<TMemberRoles> {
  return apiGet(MEMBER_ROLES_PATH, { schema: ZMemberRoles, signal });
}
