// Test-only MSW handlers for the pages around a place: a destination's sections answer the
// listings a test gives them (paged as asked), nothing by default; a state's page answers the
// reply a test gives it, or 404 STATE_NOT_FOUND.
import {
  detailSchemaOfKind,
  type TDestinationAround,
  ZStateLanding,
  zProfile,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { http } from "msw";
import type { z } from "zod";
import { dataReply, errorReply, pageReply } from "../../../test/msw";

const BASE = "/destination-mgmt/api";
const KIND_OF: Record<TDestinationAround, TProfileKind> = {
  facilities: "facility",
  hotels: "hotel",
  events: "event",
};

export type TStateLandingReply = z.input<typeof ZStateLanding>;
/** What a test puts around a destination: `${destinationId}/${section}` → listings. */
export type TAroundWorld = Map<string, unknown[]>;

export function aroundHandlers(world: TAroundWorld = new Map()) {
  return [
    http.get(`${BASE}/destinations/:id/:section`, ({ params, request }) => {
      const section = String(params.section) as TDestinationAround;
      if (!(section in KIND_OF)) return undefined;
      const items = world.get(`${String(params.id)}/${section}`) ?? [];
      return pageReply(zProfile(detailSchemaOfKind(KIND_OF[section])), items as never[], request);
    }),
  ];
}

export function stateHandlers(states: Record<string, TStateLandingReply> = {}) {
  return [
    http.get(`${BASE}/states/:state`, ({ params }) => {
      const reply = states[String(params.state)];
      return reply
        ? dataReply(ZStateLanding, reply)
        : errorReply(404, "STATE_NOT_FOUND", "No state page is there.");
    }),
  ];
}
