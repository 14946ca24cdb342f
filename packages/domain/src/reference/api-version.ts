// The API's version, which every call names (`api-version`). Here, beside the other constants and
// away from the contracts' zod schemas, so a client that only needs the number loads no zod.
export const API_VERSION = "1.0";
export const SUPPORTED_API_VERSIONS: readonly string[] = [API_VERSION];
