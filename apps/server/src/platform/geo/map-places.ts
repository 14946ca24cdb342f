// GET /api/map/places: the cities the map labels where it draws its own basemap (no tile service),
// from the bundled gazetteer, most populous first; the map shows the bigger ones at lower zooms.

import { zDataEnvelope } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../http/access";
import { envelope } from "../http/envelope";
import { addRoute } from "../http/route-def";
import type { TGazetteer } from "./gazetteer";

export const MAP_PLACES_PATH = "/api/map/places";
/** Towns smaller than this are not labelled at any zoom. */
export const MAP_PLACE_MIN_POPULATION = 10_000;
/** A day: the list changes only with a new release of the gazetteer's data. */
const MAX_AGE_SECONDS = 86_400;

export const ZMapPlace = z.object({
  name: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  population: z.number(),
});

const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

export function registerMapPlaces(app: FastifyInstance, gazetteer: TGazetteer): void {
  let places: z.infer<typeof ZMapPlace>[] | undefined;
  addRoute(app, ["geo"], {
    method: "GET",
    url: MAP_PLACES_PATH,
    summary: "Cities the map labels, most populous first",
    access: access.public,
    response: zDataEnvelope(z.array(ZMapPlace)),
    handler: async (_request, reply) => {
      places ??= gazetteer.cities({ minPopulation: MAP_PLACE_MIN_POPULATION }).map((city) => ({
        name: city.name,
        state: city.state,
        lat: round(city.lat),
        lng: round(city.lng),
        population: city.population ?? 0,
      }));
      reply.header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
      return envelope(places);
    },
  });
}
