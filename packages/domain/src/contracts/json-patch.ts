// RFC 6902 operations as the API accepts them in PATCH bodies.
import { z } from "zod";

export const ZPatchOperation = z
  .object({
    op: z.string(),
    path: z.string(),
    value: z.unknown().optional(),
    from: z.string().optional(),
  })
  .loose();
export type TPatchOperation = z.infer<typeof ZPatchOperation>;

export const ZPatchBody = z.array(ZPatchOperation).max(200);
export type TPatchBody = z.infer<typeof ZPatchBody>;
