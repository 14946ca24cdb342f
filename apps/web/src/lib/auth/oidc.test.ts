import type { User } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { buildOidcUser } from "../../test/fake-oidc";
import { TEST_OIDC_CONFIG } from "../../test/msw";
import { hasAuthParams } from "./auth-paths";
import { clientConfigParser } from "./client-config";
import {
  authorizeParams,
  hasUsableAccessToken,
  readReturnTo,
  toSignedInUser,
  withoutAuthParams,
} from "./oidc";

describe("oidc helpers", () => {
  it("a callback address carries a code or an error, plus state", () => {
    expect(hasAuthParams("?code=abc&state=s")).toBe(true);
    expect(hasAuthParams("?error=access_denied&state=s")).toBe(true);
    expect(hasAuthParams("?code=abc")).toBe(false);
    expect(hasAuthParams("?state=s")).toBe(false);
    expect(hasAuthParams("?sport=Soccer")).toBe(false);
  });

  it("strips only the authorization response parameters", () => {
    expect(withoutAuthParams("/events/marketplace?code=a&state=b&iss=x&page=2#top")).toBe(
      "/events/marketplace?page=2#top",
    );
    expect(withoutAuthParams("/auth/callback?error=e&error_description=d&state=s")).toBe(
      "/auth/callback",
    );
  });

  it("follows only in-app return paths", () => {
    expect(readReturnTo({ returnTo: "/home" })).toBe("/home");
    expect(readReturnTo({ returnTo: "/facilities/marketplace?sport=Soccer" })).toBe(
      "/facilities/marketplace?sport=Soccer",
    );
    expect(readReturnTo({ returnTo: "https://evil.example/" })).toBeNull();
    expect(readReturnTo({ returnTo: "//evil.example/" })).toBeNull();
    expect(readReturnTo({ returnTo: "/\\evil.example" })).toBeNull();
    expect(readReturnTo(undefined)).toBeNull();
    expect(readReturnTo("/home")).toBeNull();
  });

  it("sign-up is the same request plus screen_hint=signup", () => {
    expect(authorizeParams(TEST_OIDC_CONFIG)).toEqual({ audience: TEST_OIDC_CONFIG.audience });
    expect(authorizeParams(TEST_OIDC_CONFIG, { signup: true })).toEqual({
      audience: TEST_OIDC_CONFIG.audience,
      screen_hint: "signup",
    });
    const { audience: _audience, ...withoutAudience } = TEST_OIDC_CONFIG;
    expect(authorizeParams(withoutAudience, { signup: true })).toEqual({ screen_hint: "signup" });
  });

  it("reads the user and the admin flag from the roles claim, list or bare string", () => {
    const admin = toSignedInUser(buildOidcUser({ roles: ["admin"] }) as User);
    expect(admin.user).toEqual({
      id: "6c1b8f6e-6d55-4b8f-9d0e-2f9a7f6c1a01",
      email: "jordan.lee@riverside-sports.example",
      name: "Jordan Lee",
      roles: ["admin"],
    });
    expect(admin.hasAdminRole).toBe(true);
    expect(toSignedInUser(buildOidcUser({ roles: ["member"] }) as User).hasAdminRole).toBe(false);
    const bare = buildOidcUser();
    (bare.profile as Record<string, unknown>)["https://hostfield.app/roles"] = "admin";
    expect(toSignedInUser(bare as User)).toMatchObject({
      hasAdminRole: true,
      user: { roles: ["admin"] },
    });
  });

  it("a token within the 30 s leeway is not usable (spec §9)", () => {
    expect(hasUsableAccessToken(buildOidcUser({ expires_in: 31 }) as User)).toBe(true);
    expect(hasUsableAccessToken(buildOidcUser({ expires_in: 30 }) as User)).toBe(false);
    expect(hasUsableAccessToken(null)).toBe(false);
  });
});

describe("client configuration", () => {
  it("reads the contract's oidc block; audience is optional", () => {
    expect(clientConfigParser.parse({ oidc: TEST_OIDC_CONFIG })).toEqual(TEST_OIDC_CONFIG);
    expect(
      clientConfigParser.parse({
        oidc: { authority: "https://h.example/oidc", clientId: "hostfield-web", scope: "openid" },
      }),
    ).toEqual({ authority: "https://h.example/oidc", clientId: "hostfield-web", scope: "openid" });
  });

  it("refuses a configuration without a provider", () => {
    expect(() => clientConfigParser.parse({})).toThrow();
    expect(() => clientConfigParser.parse({ oidc: { authority: "", clientId: "x" } })).toThrow();
  });
});
