// A member's settings per channel (e-mail, push) and category: each category unset is `instant`.
import {
  EMAIL_CATEGORIES,
  type TEmailCategory,
  type TEmailPreferences,
  type TNotificationChannel,
  type TPushPreferences,
} from "@hostfield/domain/contracts";
import * as repo from "./repository";
import type { TNotificationsContext } from "./service";

export type TPreferencesOf = { email: TEmailPreferences; push: TPushPreferences };

/** A member's setting for every category of a channel. */
export async function getPreferences<TChannel extends TNotificationChannel>(
  ctx: TNotificationsContext,
  userId: string,
  channel: TChannel,
): Promise<TPreferencesOf[TChannel]> {
  const set = new Map(
    (await repo.findPreferences(ctx.db, userId, channel)).map((p) => [p.category, p.mode]),
  );
  return Object.fromEntries(
    EMAIL_CATEGORIES.map((category) => [category, set.get(category) ?? "instant"]),
  ) as TPreferencesOf[TChannel];
}

/** Changes the categories given (the others stay) and answers every category's setting. */
export async function setPreferences<TChannel extends TNotificationChannel>(
  ctx: TNotificationsContext,
  userId: string,
  channel: TChannel,
  patch: Partial<TPreferencesOf[TChannel]>,
): Promise<TPreferencesOf[TChannel]> {
  await repo.upsertPreferences(
    ctx.db,
    userId,
    channel,
    EMAIL_CATEGORIES.flatMap((category: TEmailCategory) => {
      const mode = patch[category];
      return mode ? [{ category, mode }] : [];
    }),
  );
  return getPreferences(ctx, userId, channel);
}
