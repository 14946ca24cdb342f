// A stand-in for oidc-client-ts's UserManager, for `vi.mock("oidc-client-ts", ...)`. Each test
// shapes the next manager in `fakeOidc.onCreate` and inspects it in `fakeOidc.last()`.
import { ROLES_CLAIM } from "@hostfield/domain/rules";
import type { User, UserManagerSettings } from "oidc-client-ts";
import { type Mock, vi } from "vitest";

export type TFakeUser = Pick<User, "access_token" | "expires_in" | "profile" | "state"> & {
  refresh_token?: string;
  id_token?: string;
};

export function buildOidcUser(
  overrides: Partial<TFakeUser> & { roles?: string[]; returnTo?: string } = {},
): TFakeUser {
  const { roles = [], returnTo, ...rest } = overrides;
  return {
    access_token: "access-token-1",
    refresh_token: "refresh-token-1",
    id_token: "id-token-1",
    expires_in: 3600,
    state: returnTo ? { returnTo } : undefined,
    profile: {
      sub: "6c1b8f6e-6d55-4b8f-9d0e-2f9a7f6c1a01",
      iss: "http://localhost:3000/oidc",
      aud: "hostfield-web",
      exp: 0,
      iat: 0,
      email: "jordan.lee@riverside-sports.example",
      email_verified: true,
      name: "Jordan Lee",
      [ROLES_CLAIM]: roles,
    },
    ...rest,
  };
}

/**
 * The trace oidc-client-ts leaves in a tab that holds a session: its user in sessionStorage under
 * its own key (authority and client as the test server's configuration names them). The app looks
 * for it before it loads the library; a fake manager's getUser still answers for itself.
 */
export function keepStoredUser(user: TFakeUser = buildOidcUser()): void {
  window.sessionStorage.setItem(
    "oidc.user:http://localhost:3000/oidc:hostfield-web",
    JSON.stringify(user),
  );
}

/** An error as oidc-client-ts's ErrorResponse carries it (the provider's `error` reply). */
export function oidcErrorResponse(error: string, description?: string): Error {
  return Object.assign(new Error(description ?? error), {
    name: "ErrorResponse",
    error,
    error_description: description ?? null,
  });
}

type TAsync<T = unknown> = Mock<(...args: unknown[]) => Promise<T>>;

export class FakeUserManager {
  readonly settings: UserManagerSettings;
  readonly events = {
    addUserLoaded: vi.fn(),
    removeUserLoaded: vi.fn(),
    addSilentRenewError: vi.fn(),
    removeSilentRenewError: vi.fn(),
  };
  getUser: TAsync<TFakeUser | null> = vi.fn(async () => null);
  signinSilent: TAsync<TFakeUser | null> = vi.fn(async () => {
    throw oidcErrorResponse("login_required");
  });
  signinPopup: TAsync<TFakeUser> = vi.fn(async () => buildOidcUser());
  signinRedirect: TAsync<void> = vi.fn(async () => undefined);
  signinRedirectCallback: TAsync<TFakeUser> = vi.fn(async () => buildOidcUser());
  signinPopupCallback: TAsync<void> = vi.fn(async () => undefined);
  signinSilentCallback: TAsync<void> = vi.fn(async () => undefined);
  signoutRedirect: TAsync<void> = vi.fn(async () => undefined);
  removeUser: TAsync<void> = vi.fn(async () => undefined);
  startSilentRenew = vi.fn();
  stopSilentRenew = vi.fn();

  constructor(settings: UserManagerSettings) {
    this.settings = settings;
    fakeOidc.managers.push(this);
    fakeOidc.onCreate?.(this);
  }
}

export const fakeOidc = {
  managers: [] as FakeUserManager[],
  onCreate: null as ((manager: FakeUserManager) => void) | null,
  last(): FakeUserManager {
    const manager = fakeOidc.managers.at(-1);
    if (!manager) throw new Error("No UserManager was created.");
    return manager;
  },
  reset(): void {
    fakeOidc.managers.length = 0;
    fakeOidc.onCreate = null;
  },
};

export const fakeOidcModule = { UserManager: FakeUserManager };
