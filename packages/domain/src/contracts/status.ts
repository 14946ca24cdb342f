import { z } from "zod";

export const ZStatus = z.object({ maintenanceMode: z.boolean() });
export type TStatus = z.infer<typeof ZStatus>;
