// oidc-client-ts, configured for Hostfield's provider and loaded on demand: it is not needed to
// paint a page, so it stays out of the first download.
import { POPUP, TOKEN_LEEWAY_SECONDS } from "@hostfield/domain/reference";
import { isAdminFromClaims, ROLES_CLAIM } from "@hostfield/domain/rules";
import type { SigninSilentArgs, User, UserManager, UserManagerSettings } from "oidc-client-ts";
import type { TAuthUser } from "./auth-context";
import { AUTH_PATHS, hasAuthParams, isAuthPath, isAuthWindowPath } from "./auth-paths";
import type { TSignedInUser } from "./auth-state";
import { fetchClientConfig, type TOidcClientConfig } from "./client-config";
import { hasSessionHint } from "./session-hint";

export function loadOidcLibrary(): Promise<typeof import("oidc-client-ts")> {
  return import("oidc-client-ts");
}

/** Parameters every authorize request carries; sign-up adds the screen hint (spec §4). */
export function authorizeParams(
  config: TOidcClientConfig,
  { signup = false }: { signup?: boolean } = {},
): Record<string, string> {
  const params: Record<string, string> = {};
  if (config.audience) params.audience = config.audience;
  if (signup) params.screen_hint = "signup";
  return params;
}

export function buildUserManagerSettings(
  config: TOidcClientConfig,
  origin: string,
): UserManagerSettings {
  const audience = authorizeParams(config);
  return {
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    redirect_uri: `${origin}${AUTH_PATHS.redirect}`,
    popup_redirect_uri: `${origin}${AUTH_PATHS.popup}`,
    silent_redirect_uri: `${origin}${AUTH_PATHS.silent}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: "code",
    response_mode: "query",
    // Refresh tokens first; oidc-client-ts falls back to the hidden frame without one.
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_LEEWAY_SECONDS,
    // The ID token carries e-mail, name and roles; no userinfo round trip.
    loadUserInfo: false,
    popupWindowFeatures: { width: POPUP.width, height: POPUP.height },
    extraQueryParams: audience,
    extraTokenParams: audience,
  };
}

export async function createUserManager(config: TOidcClientConfig): Promise<UserManager> {
  const { UserManager } = await loadOidcLibrary();

  /**
   * oidc-client-ts puts no lock around renewals, and several things renew (its own timer, the
   * 30-minute refresh, a token found stale, a 401). Refresh tokens rotate, so two at once would
   * spend the same token twice and the second would fail with invalid_grant, signing the user
   * out. One renewal at a time; whoever asks meanwhile shares it.
   */
  class SingleRenewalUserManager extends UserManager {
    private renewing: Promise<User | null> | null = null;

    override signinSilent(args?: SigninSilentArgs): Promise<User | null> {
      this.renewing ??= super.signinSilent(args).finally(() => {
        this.renewing = null;
      });
      return this.renewing;
    }
  }

  return new SingleRenewalUserManager(buildUserManagerSettings(config, window.location.origin));
}

/** The provider's configuration and a client built from it. */
export type TProviderConnection = { config: TOidcClientConfig; manager: UserManager };

/**
 * Fetches the configuration (unless it is `known` already) and loads the library together, then
 * builds the client.
 */
export async function connectToProvider(known?: TOidcClientConfig): Promise<TProviderConnection> {
  const [config] = await Promise.all([known ?? fetchClientConfig(), loadOidcLibrary()]);
  return { config, manager: await createUserManager(config) };
}

/** For the popup and frame callback pages: the same client, built from scratch. */
export async function createUserManagerFromServer(): Promise<UserManager> {
  return (await connectToProvider()).manager;
}

let early: Promise<TProviderConnection> | null = null;
let earlyUser: User | null = null;

/**
 * Connects before the app has rendered, in a browser where someone signed in lately (the session
 * hint), so the start-up session check does not wait for the first render to ask; a visitor's
 * page loads no sign-in code before it paints. Answers the session this browser holds: the stored
 * user while its access token is good, else null (the start-up check then decides); null at once
 * without a hint or on the popup's and the renew frame's pages.
 */
export function connectEarly(address: { pathname: string; search: string }): Promise<User | null> {
  if (early || isAuthWindowPath(address.pathname) || !hasSessionHint())
    return Promise.resolve(null);
  early = connectToProvider();
  // A sign-in coming back (a redirect's code) is the provider's to finish: no stored user counts.
  if (isAuthPath(address.pathname) || hasAuthParams(address.search)) return Promise.resolve(null);
  return early
    .then(async ({ manager }) => {
      const stored = await manager.getUser();
      earlyUser = hasUsableAccessToken(stored) ? stored : null;
      return earlyUser;
    })
    .catch(() => null); // the provider takes the failure too, and reports it
}

/**
 * The user connectEarly found stored, when it has answered by now: the provider starts signed in
 * as them (its start-up check then finds the same). Once; null otherwise.
 */
export function takeEarlyUser(): User | null {
  const taken = earlyUser;
  earlyUser = null;
  return taken;
}

/** The connection connectEarly started, once; null when none was started or it was taken. */
export function takeEarlyConnection(): Promise<TProviderConnection> | null {
  const taken = early;
  early = null;
  return taken;
}

const CALLBACK_PARAMS = ["code", "state", "error", "error_description", "error_uri", "iss"];

/** The address without the authorization response parameters. */
export function withoutAuthParams(path: string): string {
  const url = new URL(path, "http://local");
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The app state the sign-in request carries through the provider. */
export type TSignInState = { returnTo: string };

/** Only an in-app path is followed; anything else could send the user off-site. */
export function readReturnTo(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const returnTo = (state as Partial<TSignInState>).returnTo;
  if (typeof returnTo !== "string" || !returnTo.startsWith("/") || returnTo.startsWith("//")) {
    return null;
  }
  return returnTo.includes("\\") ? null : returnTo;
}

function rolesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((role) => typeof role === "string") : [];
}

export function toSignedInUser(user: User): TSignedInUser {
  const claims = user.profile as Readonly<Record<string, unknown>>;
  const authUser: TAuthUser = {
    id: user.profile.sub,
    email: typeof claims.email === "string" ? claims.email : "",
    name: typeof claims.name === "string" ? claims.name : null,
    roles: rolesOf(claims[ROLES_CLAIM]),
  };
  return { user: authUser, hasAdminRole: isAdminFromClaims(claims) };
}

/** An access token that is still good for longer than the shell's leeway (spec §9). */
export function hasUsableAccessToken(user: User | null): user is User {
  if (!user?.access_token) return false;
  const left = user.expires_in;
  return left === undefined || left > TOKEN_LEEWAY_SECONDS;
}
