// Test-only auth values and API records.
import { vi } from "vitest";
import type { TAuthContextValue, TAuthUser, TUserProfile } from "../lib/auth";

export function buildUser(overrides: Partial<TAuthUser> = {}): TAuthUser {
  return {
    id: "6c1b8f6e-6d55-4b8f-9d0e-2f9a7f6c1a01",
    email: "jordan.lee@riverside-sports.example",
    name: "Jordan Lee",
    roles: [],
    ...overrides,
  };
}

/** A `GET /user-mgmt/api/users/my` payload. */
export function buildProfile(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    id: "6c1b8f6e-6d55-4b8f-9d0e-2f9a7f6c1a01",
    email: "jordan.lee@riverside-sports.example",
    name: "Jordan Lee",
    accountType: "Event Organizer",
    avatarUrl: null,
    isVisible: true,
    emailVerified: true,
    isAdmin: false,
    unopenedNotifications: 0,
    unreadMessages: 0,
    createdDate: "2025-01-15T10:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    ...overrides,
  };
}

function authActions() {
  return {
    login: vi.fn(),
    signup: vi.fn(),
    logout: vi.fn(),
    signOutLocally: vi.fn(),
    reloadProfile: vi.fn(),
  };
}

export function buildSignedInAuth(
  overrides: Partial<TAuthContextValue> & { profile?: TUserProfile | null } = {},
): TAuthContextValue {
  const user = overrides.user ?? buildUser();
  return {
    isLoading: false,
    isAuthenticated: true,
    user,
    profile: buildProfile({ email: user.email, name: user.name ?? "Jordan Lee" }),
    profileError: null,
    isAdmin: false,
    error: null,
    ...authActions(),
    getAccessToken: vi.fn(async () => "test-token"),
    ...overrides,
  };
}

export function buildSignedOutAuth(overrides: Partial<TAuthContextValue> = {}): TAuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: false,
    user: null,
    profile: null,
    profileError: null,
    isAdmin: false,
    error: null,
    ...authActions(),
    getAccessToken: vi.fn(async () => null),
    ...overrides,
  };
}
