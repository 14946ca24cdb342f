// The status module: the site status document the shell polls (maintenance mode).
import { defineModule } from "../../platform/module";
import { statusRoutes } from "./routes";

/** The maintenance switch the admins' settings turn. */
export { setMaintenanceMode } from "./service";

export const statusModule = defineModule({ name: "status", routes: [statusRoutes] });
