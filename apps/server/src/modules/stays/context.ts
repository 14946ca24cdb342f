// What every service function of the stays module is given: the platform's parts it uses, the
// services of listings, requests for proposals and payments (card guarantees), the rates provider
// and the signers of quotes and team links.
import type { TSigner } from "../../platform/crypto/signer";
import type { TModuleServices, TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TRfpsServices } from "../rfps";
import type { TUsersServices } from "../users";
import type { TRatesProvider } from "./rates-provider";

export type TStaysContext = Pick<TPlatform, "db" | "events" | "geocode" | "now" | "log"> & {
  profiles: TProfilesServices;
  rfps: TRfpsServices;
  /** Whether card guarantees can be asked (payments on), and the guarantees of reservations. */
  payments: Pick<TModuleServices["payments"], "guaranteesEnabled" | "guaranteesOf">;
  users: Pick<TUsersServices, "publicUsers" | "mailboxes">;
  rates: TRatesProvider;
  /** Signs quotes, so a price we gave is the only price a booking can carry. */
  quotes: TSigner;
  /** Signs teams' booking links (`teams.ts`), so only a link we handed out opens a team's page. */
  teamLinks: TSigner;
};

/** Today as a UTC date, by the context's clock. */
export const todayOf = (ctx: Pick<TStaysContext, "now">) => ctx.now().toISOString().slice(0, 10);
