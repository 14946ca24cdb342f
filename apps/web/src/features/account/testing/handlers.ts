// Test-only MSW handlers for the seven listing kinds' list calls (`/my`, `/my/liked`,
// `/my/followed`, admin's `/filtered`), answering the listings a test gives per kind, paged by the
// request; kinds not given have none.
import type { TProfileKind } from "@hostfield/domain/reference";
import { http } from "msw";
import { pageReply } from "../../../test/msw";
import type { TProfile } from "../../profiles";
import { profileSchema } from "../../profiles/testing";
import { LISTING_KINDS } from "../listing-kinds";

/** The base path of a listing kind's calls, e.g. /hotel-mgmt/api/hotels. */
export const kindBase = (kind: (typeof LISTING_KINDS)[number]) =>
  `/${kind.service}/api/${kind.path}`;

/** One list call (`rest`, e.g. "/my") of every kind, answering `byKind`. */
export function listingLists(
  method: "GET" | "POST",
  rest: string,
  byKind: Partial<Record<TProfileKind, readonly TProfile[]>>,
) {
  const on = method === "GET" ? http.get : http.post;
  return LISTING_KINDS.map((kind) =>
    on(`${kindBase(kind)}${rest}`, ({ request }) =>
      pageReply(profileSchema(kind.kind), byKind[kind.kind] ?? [], request),
    ),
  );
}
