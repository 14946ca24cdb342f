// Every API call carries `api-version`; an absent or unknown one is refused before any work is done.
import { ERROR_CODES, SUPPORTED_API_VERSIONS } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

export function registerApiVersionCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    // Unmatched URLs (404, SPA fallback) and infrastructure routes opt out.
    if (!request.routeOptions.url || request.routeOptions.config.apiVersioned === false) return;
    // onRequest runs before validation: the query is still the parser's plain object.
    const query: unknown = request.query;
    const fromQuery =
      typeof query === "object" && query !== null && "api-version" in query
        ? query["api-version"]
        : undefined;
    const header = request.headers["api-version"];
    const version =
      typeof fromQuery === "string" ? fromQuery : Array.isArray(header) ? header[0] : header;
    if (version === undefined || version === "") {
      throw new AppError(
        ERROR_CODES.apiVersionUnsupported,
        400,
        `The api-version query parameter is required; supported: ${SUPPORTED_API_VERSIONS.join(", ")}.`,
      );
    }
    if (!SUPPORTED_API_VERSIONS.includes(version)) {
      throw new AppError(
        ERROR_CODES.apiVersionUnsupported,
        400,
        `api-version ${version} is not supported; supported: ${SUPPORTED_API_VERSIONS.join(", ")}.`,
      );
    }
  });
}
