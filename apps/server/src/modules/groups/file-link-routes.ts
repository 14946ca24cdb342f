// GET /media/groups/{file}: a group's file, for the member its link was signed for (file-links.ts).
// It takes the place of the public /media route for this folder, whose answers caches keep.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { typeOfKey } from "../../platform/files/sniff";
import { access } from "../../platform/http/access";
import { notFound } from "../../platform/http/errors";
import { routesOf } from "../../platform/http/route-def";
import { GROUP_FILE_FOLDER } from "./file-links";
import { tags } from "./route-kit";
import * as groups from "./service";

// Optional, so that a missing signature is refused like a wrong one (404), not as bad input.
const ZSignedLink = z.object({
  u: z.uuid().optional(),
  e: z.coerce.number().int().positive().optional(),
  s: z.string().min(1).max(100).optional(),
});
const ZFileParams = z.object({ file: z.string().max(100) });
type TLinkRequest = {
  params: z.infer<typeof ZFileParams>;
  query: z.infer<typeof ZSignedLink>;
};
const keyOf = (request: TLinkRequest) => `${GROUP_FILE_FOLDER}/${request.params.file}`;

export async function groupFileLinkRoutes(
  app: FastifyInstance,
  options: { ctx: groups.TGroupsContext },
) {
  const { ctx } = options;
  const add = routesOf(app, tags);
  const folder = `/media/${GROUP_FILE_FOLDER}`;
  add({
    method: "GET",
    url: `${folder}/:file`,
    summary: "A group's file, through a link signed for one of its members",
    description:
      "The group's calls hand each member links that expire; one works while its member still belongs to the group. Never stored by shared caches.",
    // The signature is the access: image tags and downloads send no bearer token.
    access: access.policy<TLinkRequest>(
      "a valid link signed for a current member of the file's group",
      (request) => groups.requireFileLink(ctx, keyOf(request), request.query),
    ),
    config: { apiVersioned: false },
    params: ZFileParams,
    query: ZSignedLink,
    // Bytes, not JSON: the stored file with its own content type.
    response: z.any(),
    handler: async (request, reply) => {
      const key = keyOf(request);
      const type = typeOfKey(key);
      const stored = await ctx.files.get(key);
      if (!type || !stored) throw notFound("The file");
      reply
        .header("cache-control", "private, no-store")
        .type(type.contentType)
        .header("content-length", String(stored.size))
        .header("content-disposition", "inline");
      return stored.stream;
    },
  });
}
