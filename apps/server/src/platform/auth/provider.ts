// The built-in OpenID Connect provider (oidc-provider), mounted at /oidc: authorization code + PKCE
// (S256) only, refresh tokens with rotation, JWT access tokens for our API, RP-initiated logout.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { JWK } from "jose";
import Provider, {
  type Configuration,
  interactionPolicy,
  type KoaContextWithOIDC,
} from "oidc-provider";
import type { TConfig } from "../config";
import type { TDb } from "../db/database";
import { createAdapterFactory } from "./adapter";
import { GRANT_CLAIM, TOKEN_LEEWAY_SECONDS } from "./bearer";
import {
  pageLeft,
  renderError,
  renderLoggedOut,
  renderLogoutConfirm,
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
} from "./pages";
import {
  answerProviderFaults,
  orUnavailable,
  renderTryAgain,
  TEMPORARILY_UNAVAILABLE,
} from "./provider-errors";

/** What the provider needs to know about an account; the users module supplies it. */
export type TAccountClaims = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  roles: string[];
  /** Bumped when every session of the account must end; carried in access tokens as `sv`. */
  sessionVersion: number;
};
export type TAccountDirectory = { findClaims(accountId: string): Promise<TAccountClaims | null> };

export const OIDC_SCOPES = ["openid", "profile", "email", "offline_access"];

/** The SPA's callback pages, as registered for the web client. */
export function webClientUris(publicUrl: string) {
  return {
    redirectUris: [
      `${publicUrl}/auth/callback`,
      `${publicUrl}/auth/popup`,
      `${publicUrl}/auth/silent`,
    ],
    postLogoutRedirectUris: [`${publicUrl}/`],
  };
}

export function createProvider(options: {
  config: TConfig;
  db: TDb;
  keys: JWK[];
  secret: string;
  accounts: TAccountDirectory;
}): Provider {
  const { config } = options;
  // An account read that finds no database is temporarily_unavailable (503), like the adapter's.
  const accounts: TAccountDirectory = {
    findClaims: (accountId) => orUnavailable(() => options.accounts.findClaims(accountId)),
  };
  const { audience, rolesClaim, clientId, accessTokenTtlSeconds } = config.oidc;
  const uris = webClientUris(config.publicUrl);

  // Account selection is its own, requestable prompt, asked before login when prompt=select_account.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);

  const cookieKey = createHash("sha256")
    .update(`oidc-cookies:${options.secret}`)
    .digest("base64url");
  const html = (ctx: KoaContextWithOIDC, body: string) => {
    ctx.type = "html";
    ctx.body = body;
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(options.db),
    clients: [
      {
        client_id: clientId,
        client_name: "Hostfield",
        application_type: "web",
        token_endpoint_auth_method: "none",
        require_auth_time: true,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: uris.redirectUris,
        post_logout_redirect_uris: uris.postLogoutRedirectUris,
      },
    ],
    // jose's JWK and oidc-provider's own JWK type describe the same JSON with different optional
    // fields; the keys are ours, made by jose (signing-keys.ts).
    jwks: { keys: options.keys as never },
    extraParams: ["screen_hint"],
    cookies: { keys: [cookieKey] },
    scopes: OIDC_SCOPES,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", rolesClaim],
    },
    // Our SPA reads name, e-mail and roles from the ID token; no extra userinfo round trip.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clockTolerance: TOKEN_LEEWAY_SECONDS,
    findAccount: async (_ctx, accountId) => {
      const account = await accounts.findClaims(accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: async () => ({
          sub: accountId,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          [rolesClaim]: account.roles,
        }),
      };
    },
    // First-party client: no consent screen; the grant covers what was asked.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ??
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(OIDC_SCOPES.join(" "));
      grant.addOIDCClaims(["email", "email_verified", "name", rolesClaim]);
      grant.addResourceScope(audience, OIDC_SCOPES.join(" "));
      await grant.save();
      return grant;
    },
    // Refresh tokens for our public web client without forcing prompt=consent.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    extraTokenClaims: async (_ctx, token) => {
      if (!("accountId" in token) || typeof token.accountId !== "string") return undefined;
      const account = await accounts.findClaims(token.accountId);
      if (!account) return undefined;
      return {
        email: account.email,
        [rolesClaim]: account.roles,
        sv: account.sessionVersion,
        // The bearer check refuses the token once its grant is revoked (bearer.ts).
        ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}),
      };
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // Acknowledged draft: oidc-provider then warns us if an upgrade changes it.
      webMessageResponseMode: { enabled: true, ack: "individual-draft-01" },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new Error(`unknown resource ${resource}`);
          return {
            scope: OIDC_SCOPES.join(" "),
            audience,
            accessTokenFormat: "jwt",
            accessTokenTTL: accessTokenTtlSeconds,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx) => {
          const action = ctx.oidc.urlFor("end_session_confirm");
          const xsrf = String(ctx.oidc.session?.state?.secret ?? "");
          html(
            ctx,
            renderLogoutConfirm({
              action,
              xsrf,
              stayUrl: pageLeft(ctx.get("referer")),
              // The app's own Sign out: an ID token the provider issued (it checked the hint) for
              // the member whose session this is. Anyone's token would do otherwise, and a link
              // carrying a stranger's would sign the member out unasked.
              atOnce: isOwnSignOut(ctx.oidc.entities.IdTokenHint, ctx.oidc.session?.accountId),
            }),
          );
        },
        postLogoutSuccessSource: async (ctx) => html(ctx, renderLoggedOut({ homeUrl: "/" })),
      },
    },
    renderError: async (ctx, out) => {
      // The database did not answer: the status is already 503; the browser may try again.
      if (out.error === TEMPORARILY_UNAVAILABLE) return html(ctx, renderTryAgain());
      html(
        ctx,
        renderError({
          title: "Sign-in could not continue",
          message: String(out.error_description ?? out.error ?? "Something went wrong."),
          homeUrl: "/",
        }),
      );
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // The provider reads its origin from X-Forwarded-Host and -Proto, which pinPublicOrigin sets
  // from PUBLIC_URL on every request it sees.
  provider.proxy = true;
  return provider;
}

/**
 * Every address the provider writes (its discovery document, the logout form, redirects) is
 * built from the request's Host and protocol, which the client chooses. This makes every /oidc
 * request name PUBLIC_URL's origin before the provider or a sign-in page reads it; the client's
 * forwarded address is kept only behind a trusted proxy (TRUST_PROXY).
 */
export function pinPublicOrigin(
  app: FastifyInstance,
  options: { publicUrl: string; trustProxy: boolean },
): void {
  const origin = new URL(options.publicUrl);
  const protocol = origin.protocol.replace(/:$/, "");
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/oidc/")) return;
    const headers = request.raw.headers;
    headers.host = origin.host;
    headers["x-forwarded-host"] = origin.host;
    headers["x-forwarded-proto"] = protocol;
    if (!options.trustProxy) delete headers["x-forwarded-for"];
  });
}

/** True when the checked ID token hint names `accountId`, the session's own member. */
export function isOwnSignOut(hint: unknown, accountId: string | undefined): boolean {
  const sub = (hint as { payload?: { sub?: unknown } } | undefined)?.payload?.sub;
  return accountId !== undefined && typeof sub === "string" && sub === accountId;
}

/**
 * Hands every /oidc/* request that is not one of our own pages to the provider. The provider reads
 * bodies itself, so Fastify must not; its URLs are relative to the /oidc mount.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  reason: string,
): Promise<void> {
  answerProviderFaults(provider, app.log);
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ["GET", "POST", "DELETE", "PUT", "OPTIONS"],
      url: "/oidc/*",
      config: {
        access: { kind: "public" },
        apiVersioned: false,
        schemaExempt: reason,
        rateLimit: false,
      },
      schema: { hide: true },
      handler: (request, reply) => {
        if (request.method === "GET" && request.url.split("?")[0] === SIGN_OUT_SCRIPT_PATH) {
          return reply
            .type("text/javascript; charset=utf-8")
            .header("cache-control", "public, max-age=3600")
            .send(SIGN_OUT_SCRIPT);
        }
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? "/").replace(/^\/oidc/, "") || "/";
        callback(raw, reply.raw);
      },
    });
  });
}
