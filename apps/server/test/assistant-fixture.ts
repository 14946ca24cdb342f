// The assistant suites' world: a destination around Indianapolis with its people (owner, manager,
// plain member), the facilities it lists and one it does not, hotels with and without rates near
// its convention center, businesses, and an event; and the calls the suites make (ask the guide,
// as JSON or as server-sent events, describe an event).
import type { LightMyRequestResponse } from "fastify";
import { V } from "./helper";
import {
  addMember,
  createListed,
  listUnder,
  PLACES,
  rfpSuite,
  type TApi,
  type TListingSpec,
  type TPlace,
} from "./rfps-fixture";

export const PEOPLE = ["dmo", "deputy", "member", "asker", "stranger", "admin"] as const;

const at = (lat: number, lng: number, city = "Indianapolis"): TPlace => ({
  lat,
  lng,
  city,
  state: "IN",
});

/** Downtown Indianapolis, where the convention center stands. */
export const DOWNTOWN = at(39.7675, -86.1635);

export type TWorld = {
  destinationId: string;
  facilities: Record<"hayes" | "eastgate" | "gateway" | "briarwood" | "carmelClub", string>;
  hotels: Record<"downtownSuites" | "capitolGrand" | "airportInn" | "plainHotel", string>;
  businesses: Record<"slice" | "tavern" | "funZone", string>;
  eventId: string;
};

async function addRoom(api: TApi, hotelId: string, name: string, rackRate: number) {
  const room = await api.ok<{ id: string }>(
    api.call("hotel-mgmt", "POST", `/hotels/${hotelId}/rooms`, "admin", {
      data: { name, beds: "1 King", maxOccupancy: 2, rackRate },
    }),
    201,
  );
  return room.id;
}

/** The nights the suites' tests ask about: rooms to sell at a rate (check-out on the 14th). */
export const STAY = { checkIn: "2030-06-12", checkOut: "2030-06-14" };

async function sellNights(api: TApi, hotelId: string, roomTypeId: string, rate: number) {
  await api.ok(
    api.call("hotel-mgmt", "PUT", `/hotels/${hotelId}/calendar`, "admin", {
      data: {
        roomTypeIds: [roomTypeId],
        from: STAY.checkIn,
        to: "2030-06-13",
        roomsToSell: 10,
        rate,
      },
    }),
  );
}

async function addAmenity(api: TApi, facilityId: string, name: string) {
  await api.ok(
    api.call("facility-mgmt", "POST", `/facilities/${facilityId}/amenities`, "admin", {
      data: { name },
    }),
    201,
  );
}

/** Builds the world (as the admin and the destination's owner, "dmo"). */
export async function buildWorld(api: TApi): Promise<TWorld> {
  const destinationId = await createListed(api, "destination", "dmo", {
    name: "Indianapolis Sports Authority",
    at: "indianapolis",
    details: {
      description: "We bring tournaments to Indianapolis.",
      destinationType: "Sports Commission",
      services: ["Grant Programs", "Site Visits"],
    },
  });
  await addMember(api, "destination", destinationId, "deputy", "manager");
  await addMember(api, "destination", destinationId, "member", "member");

  const court = (count: number, location = "Indoor", surface = "Hardwood") => ({
    name: "Court",
    surface,
    count,
    location,
  });
  const facility = (name: string, place: TPlace, spec: Omit<TListingSpec, "name" | "at">) =>
    createListed(api, "facility", "admin", { name, at: place, ...spec });
  const hayes = await facility("Hayes Center Arena", at(40.0428, -86.1275, "Westfield"), {
    sports: ["Volleyball", "Basketball"],
    spaces: [court(8)],
    details: { capacity: 8550 },
  });
  await addAmenity(api, hayes, "Parking");
  const eastgate = await facility("Eastgate Fieldhouse", at(39.9556, -86.0139, "Fishers"), {
    sports: ["Volleyball", "Basketball"],
    spaces: [court(6), court(2, "Outdoor", "Sand")],
    details: { capacity: 2700 },
  });
  const gateway = await facility("Gateway Athletic Fields", at(39.79, -86.2, "Indianapolis"), {
    sports: ["Soccer", "Lacrosse"],
    spaces: [{ name: "Field", surface: "Turf", count: 4, location: "Outdoor" }],
  });
  const briarwood = await facility("Briarwood Convention Center", DOWNTOWN, {
    sports: ["Esports"],
    facilityTypes: ["Convention Center"],
    spaces: [{ name: "Exhibit Hall", surface: "Concrete", count: 3, location: "Indoor" }],
  });
  // Near, with more courts than any, but not one of the destination's facilities.
  const carmelClub = await facility("Carmel Volleyball Club", PLACES.carmel, {
    sports: ["Volleyball"],
    spaces: [court(10)],
  });
  for (const id of [hayes, eastgate, gateway, briarwood]) await listUnder(api, id, destinationId);

  const hotel = (name: string, place: TPlace) =>
    createListed(api, "hotel", "admin", { name, at: place });
  const downtownSuites = await hotel("Downtown Suites", at(39.77, -86.16));
  await sellNights(api, downtownSuites, await addRoom(api, downtownSuites, "King", 129), 139);
  await addRoom(api, downtownSuites, "Double Queen", 189);
  // Dearer than $150 on its listed rate, under it on the nights of STAY.
  const capitolGrand = await hotel("Capitol Grand Hotel", at(39.769, -86.158));
  await sellNights(api, capitolGrand, await addRoom(api, capitolGrand, "King", 219), 149);
  const airportInn = await hotel("Airport Inn", at(39.7173, -86.2944));
  await addRoom(api, airportInn, "Queen", 99);
  const plainHotel = await hotel("Plain Hotel", at(39.772, -86.155));

  const business = (name: string, place: TPlace, details: Record<string, unknown>) =>
    createListed(api, "business", "admin", { name, at: place, details });
  const slice = await business("Slice Pizza Co.", at(39.771, -86.157), {
    businessCategory: "Food & Beverage",
    placeCategories: ["Food & Drink"],
    placeAttributes: ["Good For Kids", "Good for Groups"],
    description: "Pizza by the slice and team meals for tournament weekends.",
  });
  const tavern = await business("Late Night Tavern", at(39.765, -86.15), {
    businessCategory: "Food & Beverage",
    placeCategories: ["Food & Drink"],
    placeAttributes: ["Full Bar"],
  });
  const funZone = await business("Fun Zone Arcade", at(39.78, -86.17), {
    businessCategory: "Entertainment",
    placeCategories: ["Entertainment"],
    placeAttributes: ["Good For Kids", "Good for Groups"],
  });
  const eventId = await createListed(api, "event", "admin", {
    name: "Indy Spring Volleyball Classic",
    at: "indianapolis",
    sports: ["Volleyball"],
  });
  return {
    destinationId,
    facilities: { hayes, eastgate, gateway, briarwood, carmelClub },
    hotels: { downtownSuites, capitolGrand, airportInn, plainHotel },
    businesses: { slice, tavern, funZone },
    eventId,
  };
}

/** Limits no suite reaches but the one that tests them (every caller comes from one address). */
const UNLIMITED = {
  ASSISTANT_REQUESTS_PER_HOUR_PER_USER: "1000000",
  ASSISTANT_REQUESTS_PER_HOUR_PER_ADDRESS: "1000000",
};

/** A suite with the world built once; `env` is read when the app is built. */
export function assistantSuite(options: { env?: () => Record<string, string> } = {}) {
  let world: TWorld | undefined;
  const suite = rfpSuite(
    PEOPLE,
    async (api) => {
      world = await buildWorld(api);
    },
    { env: () => ({ ...UNLIMITED, ...options.env?.() }) },
  );
  return { ...suite, world: () => world! };
}

export type TAsk = {
  message: string;
  exchangeId?: string;
  exchangeKey?: string;
  checkIn?: string;
  checkOut?: string;
};

/** Asks the destination's guide as `who` ("anonymous" for a visitor), answered as JSON. */
export function ask(api: TApi, destinationId: string, who: string, body: TAsk) {
  return api.call(
    "assistant-mgmt",
    "POST",
    `/assistants/destinations/${destinationId}/tour-guide`,
    who,
    { data: body },
  );
}

/** The cited listings' names of an answer. */
export const citedNames = (answer: { citations: { name: string }[] }) =>
  answer.citations.map((c) => c.name).sort();

/** The events of a server-sent event stream, in order. */
export function readEvents(res: LightMyRequestResponse): { event: string; data: unknown }[] {
  return res.body
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block.match(/^data: (.*)$/m)?.[1] ?? "null";
      return { event, data: JSON.parse(data) as unknown };
    });
}

export { V };
