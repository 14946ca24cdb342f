// What the server answers beside the web app: the catalogue services' base paths (each listing
// kind's, and those of the modules that are no kind) and its own infrastructure paths. The web
// app's server never falls back to the app on these, and the dev server forwards them.
import { KIND_API } from "../kinds/api";

/** Services of modules that are no listing kind (accounts and messaging, stories, …). */
const OTHER_SERVICES = [
  "user-mgmt",
  "story-mgmt",
  "assistant-mgmt",
  "report-mgmt",
  "payment-mgmt",
] as const;

export const API_SERVICES: readonly string[] = [
  ...new Set([...OTHER_SERVICES, ...Object.values(KIND_API).map((api) => api.service)]),
];

/** Every path prefix the server answers, without a trailing slash. */
export const SERVER_PATHS: readonly string[] = [
  ...API_SERVICES.map((service) => `/${service}`),
  "/api",
  "/oidc",
  "/media",
  "/status.json",
  "/healthz",
  "/readyz",
];
