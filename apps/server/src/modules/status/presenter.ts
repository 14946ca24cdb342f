import type { TStatus } from "@hostfield/domain/contracts";
import type { TSiteStatus } from "./service";

export function presentStatus(status: TSiteStatus): TStatus {
  return { maintenanceMode: status.maintenanceMode };
}
