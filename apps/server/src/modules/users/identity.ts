// Sign-in for the API: the built-in OpenID Connect provider with its pages (unless an external
// issuer is configured), bearer-token verification on every request, and the web's client config.
import type { FastifyInstance } from "fastify";
import { isGrantActive } from "../../platform/auth/adapter";
import {
  createTokenVerifier,
  discoverJwksUri,
  localKeySet,
  refuseEndedGrants,
  registerBearerAuth,
  type TPrincipalResolver,
  type TTokenVerifier,
} from "../../platform/auth/bearer";
import { registerClientConfig } from "../../platform/auth/client-config";
import { createProvider, mountProvider, pinPublicOrigin } from "../../platform/auth/provider";
import { loadSigningKeys } from "../../platform/auth/signing-keys";
import type { TConfig } from "../../platform/config";
import { createSecretBox, resolveSecretKey } from "../../platform/crypto/secret-box";
import { createPrincipalResolver } from "./principal";
import { findClaims, type TUsersContext } from "./service";
import { signInRoutes } from "./sign-in-routes";

export type TIdentity = { verifyToken: TTokenVerifier; resolvePrincipal: TPrincipalResolver };

export async function registerIdentity(
  app: FastifyInstance,
  config: TConfig,
  ctx: TUsersContext,
): Promise<TIdentity> {
  let verifyToken: TTokenVerifier;
  if (config.oidc.external) {
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      keys: await discoverJwksUri(config.oidc.issuer),
      maxLifetimeSeconds: config.oidc.accessTokenTtlSeconds,
    });
  } else {
    const secret = resolveSecretKey(config.secretKey, config.dataDir);
    const keys = await loadSigningKeys(ctx.db, createSecretBox(secret));
    const provider = createProvider({
      config,
      db: ctx.db,
      keys,
      secret,
      accounts: { findClaims: (id) => findClaims(ctx, id) },
    });
    pinPublicOrigin(app, config);
    await app.register(signInRoutes, { provider, ctx });
    await mountProvider(app, provider, "the OpenID Connect provider's own protocol endpoints");
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      keys: localKeySet(keys),
      maxLifetimeSeconds: config.oidc.accessTokenTtlSeconds,
    });
  }
  const accountResolver = createPrincipalResolver(ctx, config.oidc);
  // Our own provider's tokens also end with their grant (a reused refresh token revokes it).
  const resolvePrincipal = config.oidc.external
    ? accountResolver
    : refuseEndedGrants(accountResolver, (grantId) => isGrantActive(ctx.db, grantId));
  registerBearerAuth(app, verifyToken, resolvePrincipal);
  registerClientConfig(app, config.oidc, config.map, config.site);
  return { verifyToken, resolvePrincipal };
}
