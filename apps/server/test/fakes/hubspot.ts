// A fake HubSpot CRM API (v3) for the CRM sync's tests, following HubSpot's documented shapes:
// a private app's token as `Authorization: Bearer` (else 401 with `category:
// INVALID_AUTHENTICATION`); deal pipelines (`GET /crm/v3/pipelines/deals[/{id}]`); deal
// properties (`GET|POST /crm/v3/properties/deals[/{name}]`); deals, companies and contacts
// (`POST /crm/v3/objects/{type}` with `properties` and `associations`, `PATCH …/{id}`,
// `POST …/search` with `filterGroups` of `EQ` filters, answering `{total, results}`). The objects
// it holds are there for the tests to count.
import { startFake, type TFakeReply, type TFakeRequest, type TFakeServer } from "./http-fake";

export type THubSpotObject = {
  id: string;
  properties: Record<string, string>;
  associations: { toId: string; typeId: number }[];
  createdAt: string;
  updatedAt: string;
};

export type TFakeHubSpot = TFakeServer & {
  token: string;
  objects: Record<"deals" | "companies" | "contacts", THubSpotObject[]>;
  properties: Set<string>;
};

const PIPELINES = [
  {
    id: "default",
    label: "Sales Pipeline",
    displayOrder: 0,
    archived: false,
    stages: [
      ["appointmentscheduled", "Appointment Scheduled", "0.2"],
      ["qualifiedtobuy", "Qualified To Buy", "0.4"],
      ["presentationscheduled", "Presentation Scheduled", "0.6"],
      ["decisionmakerboughtin", "Decision Maker Bought-In", "0.8"],
      ["contractsent", "Contract Sent", "0.9"],
      ["closedwon", "Closed Won", "1.0"],
      ["closedlost", "Closed Lost", "0.0"],
    ].map(([id, label, probability], i) => ({
      id,
      label,
      displayOrder: i,
      archived: false,
      metadata: { isClosed: String(id!.startsWith("closed")), probability },
    })),
  },
  {
    id: "tourism",
    label: "Sports Tourism",
    displayOrder: 1,
    archived: false,
    stages: [
      ["lead-in", "Lead in"],
      ["bid", "Bid sent"],
      ["booked", "Booked"],
      ["gone", "Gone elsewhere"],
    ].map(([id, label], i) => ({
      id,
      label,
      displayOrder: i,
      archived: false,
      metadata: { isClosed: "false", probability: "0.5" },
    })),
  },
];

let next = 1000;
const DEFAULT_PROPERTIES = new Set([
  "dealname",
  "amount",
  "closedate",
  "description",
  "dealstage",
  "pipeline",
]);

export async function startFakeHubSpot(token = "pat-na1-11111111-2222-3333-4444-555555555555") {
  const objects: TFakeHubSpot["objects"] = { deals: [], companies: [], contacts: [] };
  const properties = new Set<string>();
  const notFound = (message: string): TFakeReply => ({
    status: 404,
    body: { status: "error", message, category: "OBJECT_NOT_FOUND", correlationId: "c-404" },
  });

  function route(r: TFakeRequest): TFakeReply {
    if (r.headers.authorization !== `Bearer ${token}`) {
      return {
        status: 401,
        body: {
          status: "error",
          message:
            "Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview",
          correlationId: "c-401",
          category: "INVALID_AUTHENTICATION",
        },
      };
    }
    const p = r.path;
    if (r.method === "GET" && p === "/crm/v3/pipelines/deals") {
      return { status: 200, body: { results: PIPELINES } };
    }
    let m = p.match(/^\/crm\/v3\/pipelines\/deals\/([^/]+)$/);
    if (r.method === "GET" && m) {
      const pipeline = PIPELINES.find((x) => x.id === decodeURIComponent(m![1]!));
      return pipeline ? { status: 200, body: pipeline } : notFound("Unable to find pipeline");
    }
    m = p.match(/^\/crm\/v3\/properties\/deals\/([^/]+)$/);
    if (r.method === "GET" && m) {
      const name = decodeURIComponent(m[1]!);
      return properties.has(name) || DEFAULT_PROPERTIES.has(name)
        ? { status: 200, body: { name, label: name, type: "string", fieldType: "text" } }
        : notFound(`Unable to find property ${name}`);
    }
    if (r.method === "POST" && p === "/crm/v3/properties/deals") {
      properties.add(r.body.name);
      return { status: 201, body: { ...r.body, createdAt: new Date().toISOString() } };
    }
    m = p.match(/^\/crm\/v3\/objects\/(deals|companies|contacts)\/search$/);
    if (r.method === "POST" && m) {
      const list = objects[m[1] as keyof typeof objects];
      const groups: { filters: { propertyName: string; operator: string; value: string }[] }[] =
        r.body.filterGroups ?? [];
      const hits = list.filter(
        (o) =>
          groups.length === 0 ||
          groups.some((g) =>
            g.filters.every((f) => f.operator === "EQ" && o.properties[f.propertyName] === f.value),
          ),
      );
      const shown = hits.slice(0, r.body.limit ?? 10).map(view);
      return { status: 200, body: { total: hits.length, results: shown } };
    }
    m = p.match(/^\/crm\/v3\/objects\/(deals|companies|contacts)$/);
    if (r.method === "POST" && m) {
      const type = m[1] as keyof typeof objects;
      if (type === "deals") {
        const unknown = Object.keys(r.body.properties ?? {}).filter(
          (k) => !DEFAULT_PROPERTIES.has(k) && !properties.has(k),
        );
        if (unknown.length > 0) {
          return {
            status: 400,
            body: {
              status: "error",
              message: `Property values were not valid: [{"isValid":false,"message":"Property \\"${unknown[0]}\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"${unknown[0]}"}]`,
              category: "VALIDATION_ERROR",
            },
          };
        }
      }
      const now = new Date().toISOString();
      const created: THubSpotObject = {
        id: String(next++),
        properties: { ...r.body.properties },
        associations: (r.body.associations ?? []).map(
          (a: { to: { id: string }; types: { associationTypeId: number }[] }) => ({
            toId: a.to.id,
            typeId: a.types[0]!.associationTypeId,
          }),
        ),
        createdAt: now,
        updatedAt: now,
      };
      objects[type].push(created);
      return { status: 201, body: view(created) };
    }
    m = p.match(/^\/crm\/v3\/objects\/(deals|companies|contacts)\/([^/]+)$/);
    if (r.method === "PATCH" && m) {
      const found = objects[m[1] as keyof typeof objects].find((o) => o.id === m![2]);
      if (!found) return notFound("resource not found");
      Object.assign(found.properties, r.body.properties);
      found.updatedAt = new Date().toISOString();
      return { status: 200, body: view(found) };
    }
    return notFound(`No route ${r.method} ${p}`);
  }

  const view = (o: THubSpotObject) => ({
    id: o.id,
    properties: { ...o.properties, hs_object_id: o.id },
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    archived: false,
  });

  const server = await startFake(route);
  return { ...server, token, objects, properties } satisfies TFakeHubSpot;
}
