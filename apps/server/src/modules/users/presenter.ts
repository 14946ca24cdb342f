// The API shapes of a user: the full record (self, admins), the signed-in profile, the public view.
import type {
  TPublicUser,
  TUser,
  TUserImage as TUserImageDto,
  TUserProfile,
} from "@hostfield/domain/contracts";
import type { TAccountType } from "@hostfield/domain/reference";
import type { TUserImage } from "./images";
import { isAdmin, type TUser as TUserRow, type TUsersContext } from "./service";

export function presentUser(ctx: Pick<TUsersContext, "adminEmails">, user: TUserRow): TUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    accountType: user.accountType as TAccountType,
    avatarUrl: mediaUrl(user.avatarKey),
    isVisible: user.isVisible,
    emailVerified: user.emailVerifiedDate !== null,
    isAdmin: isAdmin(ctx, user),
    isBlocked: user.isBlocked,
    createdDate: user.createdDate.toISOString(),
    updatedDate: user.updatedDate.toISOString(),
  };
}

export function presentProfile(
  ctx: Pick<TUsersContext, "adminEmails">,
  user: TUserRow,
  counts: { unopenedNotifications: number; unreadMessages: number },
): TUserProfile {
  return { ...presentUser(ctx, user), ...counts };
}

export function presentPublicUser(user: TUserRow): TPublicUser {
  return {
    id: user.id,
    name: user.name,
    accountType: user.accountType as TAccountType,
    avatarUrl: mediaUrl(user.avatarKey),
  };
}

export function mediaUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

export function presentUserImage(image: TUserImage): TUserImageDto {
  return {
    id: image.id,
    userId: image.userId,
    url: `/media/${image.fileKey}`,
    title: image.title,
    contentType: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    sortKey: image.sortKey,
    createdDate: image.createdDate.toISOString(),
    updatedDate: image.updatedDate.toISOString(),
  };
}
