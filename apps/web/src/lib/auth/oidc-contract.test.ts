// The real oidc-client-ts with our settings: the authorize request it sends, and the errors it
// throws that auth-errors.ts recognises by message. Guards those assumptions across upgrades.
import { POPUP } from "@hostfield/domain/reference";
import { HttpResponse, http } from "msw";
import { User, UserManager } from "oidc-client-ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sent, server, TEST_OIDC_CONFIG } from "../../test/msw";
import {
  AUTH_ERROR_MESSAGES,
  isPopupBlocked,
  isProviderUnavailable,
  isSessionGone,
  toAuthError,
} from "./auth-errors";
import { authorizeParams, buildUserManagerSettings, createUserManager } from "./oidc";

const ORIGIN = window.location.origin;
const AUTHORITY = TEST_OIDC_CONFIG.authority;
const managers: UserManager[] = [];

function createManager(): UserManager {
  const manager = new UserManager({
    ...buildUserManagerSettings(TEST_OIDC_CONFIG, ORIGIN),
    // Discovery, given rather than fetched.
    metadata: {
      issuer: AUTHORITY,
      authorization_endpoint: `${AUTHORITY}/auth`,
      token_endpoint: `${AUTHORITY}/token`,
      end_session_endpoint: `${AUTHORITY}/session/end`,
      jwks_uri: `${AUTHORITY}/jwks`,
    },
  });
  managers.push(manager);
  return manager;
}

function fakePopup() {
  return {
    closed: false,
    focus: vi.fn(),
    close: vi.fn(),
    location: { replace: vi.fn<(url: string) => void>() },
  };
}

afterEach(() => {
  for (const manager of managers.splice(0)) manager.stopSilentRenew();
});

describe("oidc-client-ts with Hostfield's settings", () => {
  it("sends a code + PKCE S256 authorize request with account selection and the sign-up hint", async () => {
    const popup = fakePopup();
    const open = vi.fn(() => popup as unknown as Window);
    vi.stubGlobal("open", open);
    const manager = createManager();
    const pending = manager.signinPopup({
      prompt: "select_account",
      extraQueryParams: authorizeParams(TEST_OIDC_CONFIG, { signup: true }),
      state: { returnTo: "/home" },
      popupAbortOnClose: true,
    });
    pending.catch(() => {});
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());

    const features = String((open.mock.calls[0] as unknown[])[2]);
    expect(features).toContain(`width=${POPUP.width}`);
    expect(features).toContain(`height=${POPUP.height}`);

    const url = new URL(popup.location.replace.mock.calls[0]?.[0] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTHORITY}/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: "hostfield-web",
      redirect_uri: `${ORIGIN}/auth/popup`,
      response_type: "code",
      response_mode: "query",
      scope: "openid profile email offline_access",
      code_challenge_method: "S256",
      prompt: "select_account",
      screen_hint: "signup",
      audience: TEST_OIDC_CONFIG.audience,
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toBeTruthy();
    expect(params).not.toHaveProperty("client_secret");

    popup.closed = true;
    const error = await pending.catch((e: unknown) => e);
    // Closing the popup is spec §8's cancelled: 'Popup closed'.
    expect(toAuthError(error, "login")).toMatchObject({
      code: "cancelled",
      message: AUTH_ERROR_MESSAGES.popupClosed,
    });
  });

  it("a popup blocker (window.open returned null) fails in the way isPopupBlocked recognises", async () => {
    vi.stubGlobal(
      "open",
      vi.fn(() => null),
    );
    const error = await createManager()
      .signinPopup({ prompt: "select_account" })
      .catch((e: unknown) => e);
    expect(isPopupBlocked(error)).toBe(true);
    expect(toAuthError(error, "login").message).toBe(
      "Unable to open a popup for loginWithPopup - window.open returned null",
    );
  });

  it("a redirect callback with no stored transaction reads 'Invalid state'", async () => {
    const error = await createManager()
      .signinRedirectCallback(`${ORIGIN}/auth/callback?code=abc&state=never-sent`)
      .catch((e: unknown) => e);
    expect(toAuthError(error, "login")).toMatchObject({
      code: "missing_transaction",
      message: "Invalid state",
    });
  });

  it("the provider's error reply, handed back by the popup page, keeps its description", async () => {
    const popup = fakePopup();
    vi.stubGlobal(
      "open",
      vi.fn(() => popup as unknown as Window),
    );
    const pending = createManager()
      .signinPopup({ prompt: "select_account", popupAbortOnClose: true })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    const state = new URL(popup.location.replace.mock.calls[0]?.[0] ?? "").searchParams.get(
      "state",
    );

    // What /auth/popup's signinPopupCallback posts to its opener.
    const description = "Not verified yet. Look for an email from Hostfield.";
    const callback = `${ORIGIN}/auth/popup?error=access_denied&error_description=${encodeURIComponent(description)}&state=${state}`;
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: ORIGIN,
        data: { source: "oidc-client", url: callback, keepOpen: false },
      }),
    );
    expect(toAuthError(await pending, "login")).toEqual({
      code: "access_denied",
      message: description,
      verifyEmail: true,
    });
  });

  it("renews one at a time: a rotating refresh token is never spent twice", async () => {
    let issued = 0;
    // The provider: its discovery document, and a token endpoint that rotates refresh tokens.
    server.use(
      http.get(`${AUTHORITY}/.well-known/openid-configuration`, () =>
        HttpResponse.json({
          issuer: AUTHORITY,
          authorization_endpoint: `${AUTHORITY}/auth`,
          token_endpoint: `${AUTHORITY}/token`,
          jwks_uri: `${AUTHORITY}/jwks`,
        }),
      ),
      http.post(`${AUTHORITY}/token`, () => {
        issued += 1;
        return HttpResponse.json({
          access_token: `access-${issued}`,
          refresh_token: `refresh-${issued + 1}`,
          token_type: "Bearer",
          expires_in: 3600,
          scope: TEST_OIDC_CONFIG.scope,
        });
      }),
    );
    const manager = await createUserManager(TEST_OIDC_CONFIG);
    managers.push(manager);
    await manager.storeUser(
      new User({
        access_token: "access-0",
        refresh_token: "refresh-1",
        token_type: "Bearer",
        scope: TEST_OIDC_CONFIG.scope,
        profile: { sub: "u1", iss: AUTHORITY, aud: "hostfield-web", exp: 0, iat: 0 },
        expires_at: Math.floor(Date.now() / 1000) + 10,
      }),
    );

    const [first, second] = await Promise.all([manager.signinSilent(), manager.signinSilent()]);
    expect(sent.to("/oidc/token")).toHaveLength(1);
    expect(first?.access_token).toBe("access-1");
    expect(second).toBe(first);
    // The next renewal is a new one, with the rotated token.
    await manager.signinSilent();
    expect(sent.to("/oidc/token")).toHaveLength(2);
  });

  it.each([
    [
      "503 temporarily_unavailable",
      () =>
        HttpResponse.json(
          { error: "temporarily_unavailable", error_description: "The database is away." },
          { status: 503, headers: { "Retry-After": "5" } },
        ),
      "unavailable",
    ],
    [
      "a proxy's HTML 502",
      () =>
        new HttpResponse("<html>Bad gateway</html>", {
          status: 502,
          headers: { "Content-Type": "text/html" },
        }),
      "unavailable",
    ],
    ["no answer", () => HttpResponse.error(), "unavailable"],
    [
      "400 invalid_grant",
      () => HttpResponse.json({ error: "invalid_grant" }, { status: 400 }),
      "session gone",
    ],
  ])(
    "a refresh answered %s fails as auth-errors.ts reads it (%s)",
    async (_case, reply, reading) => {
      server.use(
        http.get(`${AUTHORITY}/.well-known/openid-configuration`, () =>
          HttpResponse.json({
            issuer: AUTHORITY,
            authorization_endpoint: `${AUTHORITY}/auth`,
            token_endpoint: `${AUTHORITY}/token`,
            jwks_uri: `${AUTHORITY}/jwks`,
          }),
        ),
        http.post(`${AUTHORITY}/token`, reply),
      );
      const manager = await createUserManager(TEST_OIDC_CONFIG);
      managers.push(manager);
      await manager.storeUser(
        new User({
          access_token: "access-0",
          refresh_token: "refresh-1",
          token_type: "Bearer",
          scope: TEST_OIDC_CONFIG.scope,
          profile: { sub: "u1", iss: AUTHORITY, aud: "hostfield-web", exp: 0, iat: 0 },
          expires_at: Math.floor(Date.now() / 1000) + 10,
        }),
      );
      const error = await manager.signinSilent().catch((e: unknown) => e);
      expect(isProviderUnavailable(error)).toBe(reading === "unavailable");
      expect(isSessionGone(error)).toBe(reading === "session gone");
      // The tokens stay stored either way: only the app decides to forget them.
      expect((await manager.getUser())?.refresh_token).toBe("refresh-1");
    },
  );
});
