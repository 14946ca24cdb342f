// The users API calls behind /account (the profile itself loads in lib/auth/my-profile.ts).
import type { TPatchOperation } from "@hostfield/domain/contracts";
import { ACCOUNT_TYPES, type TAccountType } from "@hostfield/domain/reference";
import { apiDelete, apiPatch, apiPut, apiUpload } from "../../lib/api";
import type { TUserChanges } from "../../lib/auth";
import { isRecord } from "../../lib/is-record";

export const USERS_PATH = "/user-mgmt/api/users";

function userPath(id: string, rest = ""): string {
  return `${USERS_PATH}/${encodeURIComponent(id)}${rest}`;
}

/** What a `{data: user}` reply says about the fields the profile shows; unknown shapes say nothing. */
export function readUserChanges(user: unknown): TUserChanges {
  if (!isRecord(user)) return {};
  const changes: TUserChanges = {};
  if (typeof user.name === "string") changes.name = user.name;
  if ((ACCOUNT_TYPES as readonly unknown[]).includes(user.accountType)) {
    changes.accountType = user.accountType as TAccountType;
  }
  if (user.avatarUrl === null || typeof user.avatarUrl === "string") {
    changes.avatarUrl = user.avatarUrl;
  }
  if (typeof user.isVisible === "boolean") changes.isVisible = user.isVisible;
  if (typeof user.updatedDate === "string") changes.updatedDate = user.updatedDate;
  return changes;
}

export async function patchUser(id: string, operations: TPatchOperation[]): Promise<TUserChanges> {
  return readUserChanges(await apiPatch<unknown>(userPath(id), operations));
}

export async function setMyVisibility(isVisible: boolean): Promise<TUserChanges> {
  const user = await apiPut<unknown>(`${USERS_PATH}/my/visibility`, undefined, {
    query: { isVisible },
  });
  return { isVisible, ...readUserChanges(user) };
}

/** E-mails the user a link to choose a new password. */
export function sendPasswordReset(id: string): Promise<{ sent: boolean }> {
  return apiPut<{ sent: boolean }>(userPath(id, "/passwordReset"));
}

export function deleteUser(id: string): Promise<void> {
  return apiDelete(userPath(id));
}

export type TUploadedImage = { id: string; url: string };

/**
 * Uploads a picture and makes it the avatar: the server treats a member's first image as the
 * avatar and appends uploads, so the new image is moved to the front.
 */
export async function uploadAvatar(
  id: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<TUploadedImage> {
  const form = new FormData();
  form.append("file", file);
  const image = await apiUpload<TUploadedImage>(userPath(id, "/images"), form, { onProgress });
  await apiPut(userPath(id, "/images/sort"), { imageId: image.id, afterId: null });
  return image;
}
