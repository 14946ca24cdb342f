// What the server tells the web app about its identity provider: GET /api/client-config.
import { apiGet, type TParser } from "../api";
import { isRecord } from "../is-record";

export const CLIENT_CONFIG_PATH = "/api/client-config";

export type TOidcClientConfig = {
  /** The issuer, e.g. `https://hostfield.example/oidc`. */
  authority: string;
  clientId: string;
  scope: string;
  /** The API the access token is for, when the provider needs to be told. */
  audience?: string;
};

function nonEmpty(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** Checked by hand, not with zod: this runs in the first page load (see api.ts). */
export const clientConfigParser: TParser<TOidcClientConfig> = {
  parse(value) {
    const oidc = isRecord(value) ? value.oidc : undefined;
    if (!isRecord(oidc) || !nonEmpty(oidc.authority) || !nonEmpty(oidc.clientId)) {
      throw new Error("The client configuration names no OpenID Connect provider.");
    }
    const config: TOidcClientConfig = {
      authority: oidc.authority,
      clientId: oidc.clientId,
      scope: nonEmpty(oidc.scope) ? oidc.scope : "openid profile email",
    };
    if (nonEmpty(oidc.audience)) config.audience = oidc.audience;
    return config;
  },
};

export function fetchClientConfig(signal?: AbortSignal): Promise<TOidcClientConfig> {
  return apiGet(CLIENT_CONFIG_PATH, { schema: clientConfigParser, signal });
}

/** Map tiles (`data.map`): an `{z}/{x}/{y}` URL template and its attribution, or none configured. */
export type TMapClientConfig = { tileUrl: string | null; attribution: string | null };

export const NO_MAP_TILES: TMapClientConfig = { tileUrl: null, attribution: null };

/**
 * Reads only `data.map`, leniently: a server without the field, or with a malformed one, has no
 * tiles, and the map then draws its markers on a plain background.
 */
export const mapConfigParser: TParser<TMapClientConfig> = {
  parse(value) {
    const map = isRecord(value) ? value.map : undefined;
    if (!isRecord(map) || !nonEmpty(map.tileUrl)) return NO_MAP_TILES;
    return {
      tileUrl: map.tileUrl.trim(),
      attribution: nonEmpty(map.attribution) ? map.attribution : null,
    };
  },
};

export function fetchMapConfig(signal?: AbortSignal): Promise<TMapClientConfig> {
  return apiGet(CLIENT_CONFIG_PATH, { schema: mapConfigParser, signal, anonymous: true });
}
