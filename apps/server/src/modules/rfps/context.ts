// What every service function of this module is given: the database, the services of profiles and
// groups, the event bus, the geocoder, the file store (proposals' attachments) and the clock every
// date comes from (tests move it).
import { type TDb, inTransaction as transaction } from "../../platform/db/database";
import type { TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TAvailabilityServices } from "../availability";
import type { TGroupsServices } from "../groups";

export type TRfpsContext = Pick<TPlatform, "db" | "events" | "geocode" | "files" | "now"> & {
  profiles: TProfilesServices;
  groups: TGroupsServices;
  availability: TAvailabilityServices;
};

/** A page of a list, as SQL reads it. */
export type TWindow = { limit: number; offset: number };

export const inTransaction = <T>(ctx: TRfpsContext, work: (db: TDb) => Promise<T>) =>
  transaction(ctx.db, work);
