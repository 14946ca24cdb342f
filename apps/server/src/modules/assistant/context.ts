// What every service function of the assistant module is given: the platform's parts it uses, the
// services of the listings, hotel stays, conversations and people it reads, the signer of visitors'
// exchange keys, the rate limits, and the provider that answers (the built-in one, or a language
// model that falls back to it).
import type { TSigner } from "../../platform/crypto/signer";
import type { TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TGroupsServices } from "../groups";
import type { TStaysServices } from "../stays";
import type { TUsersServices } from "../users";
import type { TProvider } from "./providers/provider";

export type TAssistantContext = Pick<TPlatform, "db" | "geocode" | "now" | "log"> & {
  profiles: TProfilesServices;
  stays: Pick<TStaysServices, "roomRates" | "stayPrices">;
  groups: Pick<TGroupsServices, "converse">;
  users: Pick<TUsersServices, "person" | "publicUsers">;
  /** Signs the key that lets a visitor who is not signed in continue their exchange. */
  exchangeKeys: TSigner;
  limits: { perUserPerHour: number; perAddressPerHour: number };
  /** Who answers: the language model when configured (falling back to the built-in one), else built-in. */
  provider: TProvider;
};

/** Today as a UTC date, by the context's clock. */
export const todayOf = (ctx: Pick<TAssistantContext, "now">) =>
  ctx.now().toISOString().slice(0, 10);
