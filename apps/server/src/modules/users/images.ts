// A user's images (the first is their avatar): upload, replace the file, retitle, reorder, delete.
import type { TWindow } from "../../platform/db/database";
import { fileList } from "../../platform/files/file-list";
import type { TUpload } from "../../platform/files/upload";
import { AppError, notFound } from "../../platform/http/errors";
import * as repo from "./repository";
import type { TUsersContext } from "./service";

export type TUserImage = repo.TUserImageRow;
export const MAX_IMAGES_PER_USER = 50;

export const listImages = (ctx: TUsersContext, userId: string, window: TWindow) =>
  repo.listUserImages(ctx.db, userId, window);

export async function getImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
): Promise<TUserImage> {
  const image = await repo.findUserImage(ctx.db, userId, imageId);
  if (!image) throw notFound("The image");
  return image;
}

/** A member's images as a file list: the first is their avatar, so every change refreshes it. */
const images = (ctx: TUsersContext) =>
  fileList<string, TUserImage>(
    ctx,
    {
      lock: (db, userId) => repo.lockUser(db, userId),
      ordered: (db, userId) => repo.orderedImageKeys(db, userId),
      insert: (db, userId, values) => repo.insertUserImage(db, { userId, ...values }),
      update: (db, userId, id, values) => repo.updateUserImage(db, userId, id, values),
      remove: (db, userId, id) => repo.deleteUserImage(db, userId, id),
      changed: (db, userId) => repo.refreshAvatar(db, userId),
    },
    {
      keyPrefix: () => "users",
      max: MAX_IMAGES_PER_USER,
      full: {
        code: "TOO_MANY_IMAGES",
        message: `A member can keep up to ${MAX_IMAGES_PER_USER} images; delete one first.`,
      },
      what: "The image",
    },
  );

export const addImage = (ctx: TUsersContext, userId: string, upload: TUpload) =>
  images(ctx).add(userId, upload);

export async function replaceImageFile(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  upload: TUpload,
): Promise<TUserImage> {
  const current = await getImage(ctx, userId, imageId);
  return images(ctx).replace(userId, imageId, current, upload);
}

export async function retitleImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  title: string,
): Promise<TUserImage> {
  const clean = title.trim();
  if (clean.length < 1 || clean.length > 120)
    throw new AppError("VALIDATION_FAILED", 400, "A title has 1 to 120 characters.");
  const updated = await repo.updateUserImage(ctx.db, userId, imageId, { title: clean });
  if (!updated) throw notFound("The image");
  return updated;
}

/** Moves an image right after `afterId` (null: to the front), rewriting only its own sort key. */
export async function moveImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
  afterId: string | null,
): Promise<TUserImage> {
  await images(ctx).move(userId, imageId, afterId);
  return getImage(ctx, userId, imageId);
}

export async function deleteImage(
  ctx: TUsersContext,
  userId: string,
  imageId: string,
): Promise<void> {
  await images(ctx).remove(userId, imageId);
}
