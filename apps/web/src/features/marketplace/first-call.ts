// A marketplace page's first call for its address: the first page of its results list, as the
// page will ask for it (the same search body and call the list's query makes). The server writes
// it into a page it sends without a first view, so the page sends it before the app has arrived
// (lib/first-call).
import { MARKETPLACE_SECTIONS } from "@hostfield/domain/reference";
import { decodeQuery } from "@hostfield/domain/rules";
import { buildApiPath } from "../../lib/api";
import type { TFirstCall } from "../../lib/first-call";
import { FIRST_PAGE, searchCall } from "./marketplace-api";
import { MARKETPLACE_QUERY_CODECS, toSearchFilter } from "./marketplace-filters";
import { marketplaceKind } from "./marketplace-kinds";

/**
 * The call a marketplace page at `address` makes first; null for another page, or for the map
 * (its points come area by area, once the map knows what it shows).
 */
export function marketplaceFirstCall(address: {
  pathname: string;
  search: string;
}): TFirstCall | null {
  const section = MARKETPLACE_SECTIONS.find(({ path }) => path === address.pathname);
  if (!section) return null;
  const query = decodeQuery(new URLSearchParams(address.search), MARKETPLACE_QUERY_CODECS);
  if (query.view === "map") return null;
  const kind = marketplaceKind(section.id);
  const { path, query: page } = searchCall(kind, FIRST_PAGE);
  // The body as lib/api's apiPostList sends a search: the filter in its {data} envelope.
  return {
    method: "POST",
    url: buildApiPath(path, page),
    body: JSON.stringify({ data: toSearchFilter(query, kind) }),
  };
}
