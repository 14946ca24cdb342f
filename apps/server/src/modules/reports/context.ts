// What every service function of the reports module is given: the platform's parts it uses, its
// settings, and the services of the modules whose records it reports on (listings, requests for
// proposals, stays, stories, users, conversations). Reports never query another module's tables.
import type { TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TGroupsServices } from "../groups";
import type { TRfpsServices } from "../rfps";
import type { TStaysServices } from "../stays";
import type { TStoriesServices } from "../stories";
import type { TUsersServices } from "../users";

export type TReportsContext = Pick<TPlatform, "db" | "now" | "log"> & {
  /** Raw events are kept this many days; the constants of the economic impact. */
  settings: Pick<TPlatform["config"], "analytics" | "impact">;
  profiles: TProfilesServices;
  rfps: TRfpsServices;
  stays: TStaysServices;
  /** Which ids are stories, and who reads a story's report. */
  stories: TStoriesServices;
  users: Pick<TUsersServices, "publicUsers">;
  /** Messages a listing received in its lead conversations. */
  groups: Pick<TGroupsServices, "messagesByDay">;
};

/** Today as a UTC date, by the context's clock. */
export const todayOf = (ctx: Pick<TReportsContext, "now">) => ctx.now().toISOString().slice(0, 10);
