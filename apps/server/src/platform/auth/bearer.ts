// Verifies bearer access tokens (JWT, RS256) with jose and sets request.principal for the access rules.
import { ERROR_CODES } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from "jose";
import type { TPrincipal } from "../http/access";
import { AppError } from "../http/errors";

/** Clock leeway for every token check on the server (ARCHITECTURE §5: 60 s). */
export const TOKEN_LEEWAY_SECONDS = 60;

/**
 * Turns a verified token into the caller the API acts for; null when the account no longer may
 * act (deleted, blocked, or the token predates a sign-out everywhere).
 */
export type TPrincipalResolver = (claims: JWTPayload) => Promise<TPrincipal | null>;

export type TTokenVerifier = (token: string) => Promise<JWTPayload>;

/** The claim of our own provider's access tokens that names the grant they were issued under. */
export const GRANT_CLAIM = "gid";

/**
 * Refuses a token whose grant has ended, read on every request like the account: when the provider
 * revokes a grant (a reused refresh token, a revoked one, a logout) the access tokens issued under
 * it stop at once, not when they expire, and the account's other sessions go on. A token without
 * the claim (issued before it existed, an hour at most) is judged by `resolve` alone.
 */
export function refuseEndedGrants(
  resolve: TPrincipalResolver,
  isGrantActive: (grantId: string) => Promise<boolean>,
): TPrincipalResolver {
  return async (claims) => {
    const grantId = claims[GRANT_CLAIM];
    if (typeof grantId !== "string") return resolve(claims);
    const [principal, active] = await Promise.all([resolve(claims), isGrantActive(grantId)]);
    return active ? principal : null;
  };
}

/** Public halves of our own signing keys: the API never calls itself over HTTP to verify. */
export function localKeySet(privateKeys: JWK[]): JSONWebKeySet {
  return {
    keys: privateKeys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
}

/**
 * A verified token is remembered for at most this long (and never past the moment its own time
 * claims would refuse it), so a client's every request is not another RSA check: a key withdrawn
 * from the key set stops its tokens within this time.
 */
export const VERIFIED_TOKEN_SECONDS = 60;
/** Tokens remembered at once; the oldest go first. */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JSONWebKeySet | URL;
  /**
   * The configured access-token lifetime: a token issued longer ago, issued in the future, or
   * made to live longer (exp - iat) is refused, with the clock leeway.
   */
  maxLifetimeSeconds: number;
}): TTokenVerifier {
  const keySet =
    options.keys instanceof URL
      ? createRemoteJWKSet(options.keys)
      : createLocalJWKSet(options.keys);
  // The token's exact text, verified: its signature holds for good, so only time can refuse it.
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known && Date.now() < known.until) return known.payload;
    verified.delete(token);
    const { payload } = await jwtVerify(token, keySet, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ["RS256"],
      clockTolerance: TOKEN_LEEWAY_SECONDS,
      requiredClaims: ["sub", "exp", "iat"],
      // Refuses an iat older than the lifetime, and one in the future.
      maxTokenAge: options.maxLifetimeSeconds,
    });
    // Both are present (requiredClaims) and numeric dates (jose checked).
    const lifetime = (payload.exp as number) - (payload.iat as number);
    if (lifetime > options.maxLifetimeSeconds + TOKEN_LEEWAY_SECONDS)
      throw new Error("The token claims to live longer than access tokens do.");
    // Until the first of: expiry, the end of its accepted age (both with the leeway), a minute.
    const until = Math.min(
      ((payload.exp as number) + TOKEN_LEEWAY_SECONDS) * 1000,
      ((payload.iat as number) + options.maxLifetimeSeconds + TOKEN_LEEWAY_SECONDS) * 1000,
      Date.now() + VERIFIED_TOKEN_SECONDS * 1000,
    );
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { payload, until });
    return payload;
  };
}

/** The JWKS address an external issuer publishes in its discovery document. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed for ${issuer}: HTTP ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: string; issuer?: string };
  if (!document.jwks_uri) throw new Error(`OIDC discovery of ${issuer} has no jwks_uri`);
  return new URL(document.jwks_uri);
}

const invalidToken = (message: string) => new AppError(ERROR_CODES.unauthorized, 401, message);

export function registerBearerAuth(
  app: FastifyInstance,
  verify: TTokenVerifier,
  resolve: TPrincipalResolver,
): void {
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, token] = header.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token)
      throw invalidToken("Send the access token as 'Authorization: Bearer <token>'.");
    let claims: JWTPayload;
    try {
      claims = await verify(token);
    } catch (error) {
      const expired = error instanceof joseErrors.JWTExpired;
      throw invalidToken(
        expired ? "The access token has expired; renew it." : "The access token is not valid.",
      );
    }
    const principal = await resolve(claims);
    if (!principal) throw invalidToken("This session has ended; sign in again.");
    request.principal = principal;
  });
}
