// What every service function of the payments module is given: the database, the job queue, the
// event bus, the clock, the log, the listings' services, the provider (null when payments are off:
// no STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) and the site's address (checkout's way back).
import { type TDb, inTransaction as transaction } from "../../platform/db/database";
import type { TModuleServices, TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TRfpsServices } from "../rfps";
import type { TUsersServices } from "../users";
import type { TPaymentProvider } from "./stripe";

export type TPaymentsContext = Pick<TPlatform, "db" | "jobs" | "events" | "now" | "log"> & {
  profiles: TProfilesServices;
  /** The leads a deposit is paid on, and who is on which side of them (deposits). */
  rfps: TRfpsServices;
  /** People's names (a payer's customer at the provider). */
  users: TUsersServices;
  /** A reservation as its card guarantee reads it, cancelled when no card came in time (guarantees). */
  stays: Pick<TModuleServices["stays"], "guaranteeReservation" | "cancelUnguaranteed">;
  provider: TPaymentProvider | null;
  /** The provider's publishable key (the browser's script), null when payments are off. */
  publishableKey: string | null;
  publicUrl: string;
};

export const inTransaction = <T>(ctx: TPaymentsContext, work: (db: TDb) => Promise<T>) =>
  transaction(ctx.db, work);
