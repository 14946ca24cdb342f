// What the server tells the web app at run time (GET /api/client-config): its identity provider,
// the map's basemap, and the deployment's own site.
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

/**
 * The map's basemap (`data.map`): a tile server's `{z}/{x}/{y}` URL template, a PMTiles archive's
 * URL, the credit line, each null when not configured.
 */
export type TMapClientConfig = {
  tileUrl: string | null;
  pmtilesUrl: string | null;
  attribution: string | null;
};

export const NO_MAP_TILES: TMapClientConfig = {
  tileUrl: null,
  pmtilesUrl: null,
  attribution: null,
};

const trimmedOrNull = (value: unknown) => (nonEmpty(value) ? value.trim() : null);

/**
 * Reads only `data.map`, leniently: a server without the field, or with a malformed one, has no
 * tiles, and the map then draws its own offline basemap.
 */
export const mapConfigParser: TParser<TMapClientConfig> = {
  parse(value) {
    const map = isRecord(value) ? value.map : undefined;
    if (!isRecord(map)) return NO_MAP_TILES;
    const tileUrl = trimmedOrNull(map.tileUrl);
    const pmtilesUrl = trimmedOrNull(map.pmtilesUrl);
    if (!tileUrl && !pmtilesUrl) return NO_MAP_TILES;
    return { tileUrl, pmtilesUrl, attribution: nonEmpty(map.attribution) ? map.attribution : null };
  },
};

export function fetchMapConfig(signal?: AbortSignal): Promise<TMapClientConfig> {
  return apiGet(CLIENT_CONFIG_PATH, { schema: mapConfigParser, signal, anonymous: true });
}

/**
 * The deployment's own site (`data.site`): where the help, contact and 'How it works' links go
 * (its address, without a trailing slash) and the team's support address, each null when not
 * configured (the links then open the app's own pages).
 */
export type TSiteClientConfig = { marketingUrl: string | null; supportEmail: string | null };

export const NO_SITE: TSiteClientConfig = { marketingUrl: null, supportEmail: null };

/** Only an http(s) address may become a link's target. */
function siteUrlOrNull(value: unknown): string | null {
  const url = trimmedOrNull(value);
  return url && /^https?:\/\/[^/?#\s]/i.test(url) ? url.replace(/\/+$/, "") : null;
}

/** Reads only `data.site`, leniently: a server without it, or a malformed one, names no site. */
export const siteConfigParser: TParser<TSiteClientConfig> = {
  parse(value) {
    const site = isRecord(value) ? value.site : undefined;
    if (!isRecord(site)) return NO_SITE;
    const supportEmail = trimmedOrNull(site.supportEmail);
    return {
      marketingUrl: siteUrlOrNull(site.marketingUrl),
      supportEmail: supportEmail?.includes("@") ? supportEmail : null,
    };
  },
};

export function fetchSiteConfig(signal?: AbortSignal): Promise<TSiteClientConfig> {
  return apiGet(CLIENT_CONFIG_PATH, { schema: siteConfigParser, signal, anonymous: true });
}
