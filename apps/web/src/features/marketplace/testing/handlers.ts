// Test-only MSW handlers for the marketplace calls. A search answers what the test says it
// answers (`searchHandler`): the handlers judge no filter themselves.
import { ZProfileBase } from "@hostfield/domain/contracts";
import { http } from "msw";
import { listReply } from "../../../test/msw";

/** Every marketplace's search, finding nothing (for tests about something else on the page). */
export function noSearchResults() {
  return http.post("/:service/api/:collection/search", () => listReply(ZProfileBase, []));
}
