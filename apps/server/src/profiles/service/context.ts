// What the profile machinery's rules are given (the database, files, events, clock and the other
// modules' services they ask), and the few things every part of them shares.
import { todayUtc } from "@hostfield/domain/rules";
import { type TDb, inTransaction as transaction } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import type { TFileStore } from "../../platform/files/store";
import { type AppError, notFound } from "../../platform/http/errors";
import type { TKindDescriptor } from "../descriptor";
import type { TFreeInWindow } from "../search/filter";

export type TGeocode = (address: string) => { lat: number; lng: number; label: string } | null;

/** Boost days on sale beyond the quota: the price of one (the payments module's answer). */
export type TBoostSale = { dayPriceCents: number; currency: string };

export type TProfilesContext = {
  db: TDb;
  files: TFileStore;
  geocode: TGeocode;
  /** Looks a user up by e-mail for "add a member"; null when there is no such account. */
  findUserIdByEmail: (email: string) => Promise<string | null>;
  userExists: (id: string) => Promise<boolean>;
  /** Whether the user shows themselves to others (isVisible); false for no such user. */
  isVisibleUser: (id: string) => Promise<boolean>;
  /** Announces reactions, approvals and new members (notifications follow); absent in tools. */
  events?: TEventBus;
  /** Every kind the product has. */
  kinds: readonly TKindDescriptor[];
  /**
   * The listings that hold a lead of the event they may see now (the rfps module's answer; a lead
   * exists once its request went out); absent in tools.
   */
  leadRecipientsOf?: (eventId: string) => Promise<readonly string[]>;
  /** Search's free window: what it asks of a venue's calendar (the availability module's SQL). */
  freeInWindow: TFreeInWindow;
  /**
   * Boost days on sale beyond a tier's quota: a day's price, or null when payments are off or no
   * price is set (the payments module's answer); absent in tools.
   */
  boostSale?: () => Promise<TBoostSale | null>;
  /**
   * Opens, or finds again by `key`, a conversation between `openerId` and `memberIds` (the groups
   * module's `openKeyed`); answers its group id.
   */
  openConversation: (input: {
    key: string;
    name: string;
    description: string | null;
    openerId: string;
    memberIds: readonly string[];
  }) => Promise<string>;
};

export const MAX_MEDIA_PER_PROFILE = 100;

export const inTransaction = <T>(ctx: TProfilesContext, work: (db: TDb) => Promise<T>) =>
  transaction(ctx.db, work);

export const today = () => todayUtc();

export const profileNotFound = (d: TKindDescriptor) =>
  notFound(`The ${d.label}`) as AppError & { code: string };
