// The Hostfield API's typed client: openapi-fetch over the types openapi-typescript writes from the
// API document (./schema.d.ts, `npm run client`). Each call is named by the document's path and
// method, its parameters and body and its reply typed by the route's contracts:
//
//   const api = createHostfieldClient({ baseUrl, accessToken: () => token });
//   const { data, error } = await api.POST("/facility-mgmt/api/facilities/search", {
//     params: { query: { offset: 0, take: 20 } },
//     body: { data: { sports: ["Basketball"] } },
//   });
//
// Plain TypeScript that Node runs as it is (types only erased), so scripts use it too.
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };

/** A contract of the API by its name in the document (`TApiSchema<"HotelProfile">`). */
export type TApiSchema<N extends keyof components["schemas"]> = components["schemas"][N];

export type THostfieldClient = Client<paths>;

/** The API version every call states (a call without one is refused). */
export const API_VERSION = "1.0";

export type THostfieldClientOptions = {
  /** The server's origin (`http://localhost:3000`). */
  baseUrl: string;
  /** The caller's access token, asked before each call; none (or undefined) calls as a visitor. */
  accessToken?: () => string | undefined | Promise<string | undefined>;
  /** The fetch to send with (the global one by default). */
  fetch?: (request: Request) => Promise<Response>;
};

/**
 * A client of the API at `baseUrl`. Every call carries the API version (as the `api-version`
 * header, which the server reads when the query has none) and the caller's token.
 */
export function createHostfieldClient(options: THostfieldClientOptions): THostfieldClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    async onRequest({ request }) {
      request.headers.set("api-version", API_VERSION);
      const token = await options.accessToken?.();
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      return request;
    },
  });
  return client;
}
