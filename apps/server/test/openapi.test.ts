// The API document as a client generator reads it: an id per operation, the domain's contracts as
// named components, each operation's security from its access rule, and paths OpenAPI can address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp } from "./helper";

type TOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  "x-access"?: string;
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

let t: TTestApp;
let doc: TDocument;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );
const replyOf = (operation: TOperation, status: string) =>
  operation.responses[status]?.content?.["application/json"]?.schema;

/** Every `$ref` in `value`. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe("operation ids", () => {
  it("names every operation, each once", () => {
    const ids = operations().map(({ key, operation }) => {
      expect(operation.operationId, key).toMatch(/^(get|post|put|patch|delete)[A-Z]\w*$/);
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThan(500);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("reads them from the method and the path", () => {
    const idOf = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(idOf("get", "/hotel-mgmt/api/hotels/{id}")).toBe("getHotelsById");
    expect(idOf("post", "/hotel-mgmt/api/hotels/{id}/images/filtered")).toBe(
      "postHotelsByIdImagesFiltered",
    );
    // A service whose paths do not start with its word keeps it: reports of a hotel are not the hotel's.
    expect(idOf("get", "/report-mgmt/api/hotels/{id}/profile")).toBe("getReportHotelsByIdProfile");
    expect(idOf("get", "/hotel-mgmt/api/hotels/{id}/profile")).toBe("getHotelsByIdProfile");
    expect(idOf("post", "/user-mgmt/api/groups")).toBe("postUserGroups");
    expect(idOf("get", "/facility-mgmt/api/facilities/{id}/leads")).toBeUndefined();
    expect(idOf("post", "/event-mgmt/api/facilities/{id}/leads")).toBe(
      "postEventFacilitiesByIdLeads",
    );
    expect(idOf("get", "/status.json")).toBe("getStatusJson");
    expect(idOf("get", "/media/{path}")).toBe("getMediaByPath");
  });
});

describe("components", () => {
  it("names the domain's contracts and refers to them from bodies and replies", () => {
    const { schemas } = doc.components;
    expect(replyOf(doc.paths["/status.json"]!.get!, "200")).toEqual({
      $ref: "#/components/schemas/Status",
    });
    expect(schemas.Status?.properties).toEqual({ maintenanceMode: { type: "boolean" } });
    const hotel = replyOf(doc.paths["/hotel-mgmt/api/hotels/{id}"]!.get!, "200") as {
      properties: { data: unknown };
    };
    expect(hotel.properties.data).toEqual({ $ref: "#/components/schemas/HotelProfile" });
    const body =
      doc.paths["/hotel-mgmt/api/hotels"]!.post!.requestBody!.content["application/json"];
    expect((body!.schema.properties as { data: unknown }).data).toEqual({
      $ref: "#/components/schemas/HotelProfileCreate",
    });
  });

  it("gives a contract's request form its own component where it reads otherwise", () => {
    const { schemas } = doc.components;
    // A space type's day price has a default: a request may leave it out, a reply always has it.
    expect(schemas.SpaceTypeInput?.required).not.toContain("dayPrice");
    expect(schemas.ProfileSpaceType?.required).toContain("dayPrice");
    // The address is written (a listing's create) and read (its reply): two forms.
    expect(schemas.Address).toBeDefined();
    expect(schemas.AddressInput).toBeDefined();
  });

  it("holds every component a reference names, and no other", () => {
    const refs = refsIn(doc);
    for (const ref of refs) {
      const [, kind, name] = /^#\/components\/(schemas|responses)\/(.+)$/.exec(ref) ?? [];
      expect(kind && doc.components[kind as "schemas"][name!], ref).toBeDefined();
    }
    const unused = Object.keys(doc.components.schemas).filter(
      (name) => !refs.has(`#/components/schemas/${name}`),
    );
    expect(unused).toEqual([]);
  });

  it("answers every refusal with the one error shape", () => {
    for (const { key, operation } of operations())
      expect(operation.responses["4XX"], key).toEqual({ $ref: "#/components/responses/Refused" });
    expect(refsIn(doc.components.responses.Refused)).toEqual(
      new Set(["#/components/schemas/ErrorReply"]),
    );
  });
});

describe("security", () => {
  it("states the bearer token the API reads", () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
  });

  it("lets anyone call a public operation, a token read when sent, and asks it of the others", () => {
    for (const { key, operation } of operations()) {
      const expected = operation["x-access"] === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }];
      expect(operation.security, key).toEqual(expected);
    }
    expect(doc.paths["/status.json"]!.get!.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths["/user-mgmt/api/users/my"]!.get!.security).toEqual([{ bearer: [] }]);
  });
});

describe("paths", () => {
  it("addresses a stored file by a named path parameter", () => {
    expect(Object.keys(doc.paths).filter((path) => path.includes("*"))).toEqual([]);
    const path = doc.paths["/media/{path}"]!.get!.parameters!.find((p) => p.in === "path");
    expect(path).toMatchObject({ name: "path", required: true });
    expect(path?.description).toContain("slashes");
  });

  it("serves the file a client asks for with the path's slashes encoded", async () => {
    const key = "profiles/openapi-test/picture.png";
    // Unknown either way: the route reads the same key whether its slashes came encoded or not.
    for (const url of [`/media/${key}`, `/media/${encodeURIComponent(key)}`]) {
      const res = await t.app.inject({ url: `${url}?w=384&h=216&fit=cover` });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe("NOT_FOUND");
    }
  });
});
