// Test-only MSW handlers for the marketplace calls. A search answers what the test says it
// answers (`serveMarketplace`, `searchHandler`): the handlers judge no filter themselves.
import { ZProfileBase } from "@hostfield/domain/contracts";
import { HttpResponse, http, type JsonBodyType } from "msw";
import type { TMapClientConfig } from "../../../lib/auth/client-config";
import {
  clientConfigHandler,
  describeRequest,
  listReply,
  server,
  type TSentRequest,
} from "../../../test/msw";
import { profileSchema } from "../../profiles/testing";
import type { TMarketplaceProfile } from "../marketplace-api";

/** May answer later: a test can hold a search back until it lets it go, or it is cancelled. */
export type TSearchAnswer = (
  call: TSentRequest,
) => Response | undefined | Promise<Response | undefined>;

/** The search of `path` (e.g. `/facility-mgmt/api/facilities/search`), answered by `answer`. */
export function searchHandler(path: string, answer: TSearchAnswer) {
  return http.post(path, async ({ request }) => answer(await describeRequest(request)));
}

/** Search results, each checked against its kind's contract, and the count before paging. */
/** A search's reply; `capped`: the server stopped counting at `count` ("1,000+"). */
export function searchReply(
  items: readonly TMarketplaceProfile[],
  count = items.length,
  capped = false,
) {
  for (const item of items) profileSchema(item.kind).parse(item);
  const stats = capped ? { count, capped } : { count };
  return HttpResponse.json({ data: items, _meta: { stats } } as JsonBodyType);
}

/** A marketplace's search answered by `search`, and the client configuration (map tiles if given). */
export function serveMarketplace(
  path: string,
  search: TSearchAnswer,
  options: { map?: TMapClientConfig | null } = {},
) {
  server.use(clientConfigHandler(options.map), searchHandler(path, search));
}

/** The `{data}` filter a search call sent. */
export function sentFilter(call: TSentRequest | undefined): unknown {
  return (call?.body as { data?: unknown } | undefined)?.data;
}

/** Every marketplace's search, finding nothing (for tests about something else on the page). */
export function noSearchResults() {
  return http.post("/:service/api/:collection/search", () => listReply(ZProfileBase, []));
}
