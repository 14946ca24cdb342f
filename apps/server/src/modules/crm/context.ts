// What every service function of the crm module is given: the database, the job queue, the clock,
// the log, the listings' and the leads' services, the secret box and where the CRMs answer.
import type { TSecretBox } from "../../platform/crypto/secret-box";
import type { TPlatform } from "../../platform/module";
import type { TProfilesServices } from "../../profiles";
import type { TRfpsServices } from "../rfps";
import type { TConnectorEnv } from "./connectors";

export type TCrmContext = Pick<TPlatform, "db" | "jobs" | "now" | "log"> & {
  profiles: TProfilesServices;
  rfps: TRfpsServices;
  /** Seals and opens the connections' secrets (SECRET_KEY). */
  box: TSecretBox;
  env: TConnectorEnv;
  /** Attempts of a failed sync after the first (with backoff) before it shows as failed. */
  retryLimit: number;
};
