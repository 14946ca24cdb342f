// A member's public profile (GET /users/{id}/profile): hidden members are "not found" for others.
import { type TPublicUser, ZPublicUser } from "@hostfield/domain/contracts";
import { apiGet } from "../../lib/api";

export const publicUserKeys = {
  one: (id: string) => ["users", "public", id] as const,
};

export function getPublicUser(id: string): Promise<TPublicUser> {
  return apiGet(`/user-mgmt/api/users/${encodeURIComponent(id)}/profile`, {
    schema: ZPublicUser,
  });
}
