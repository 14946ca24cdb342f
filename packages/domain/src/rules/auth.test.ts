import { describe, expect, it } from "vitest";
import { isAdminFromClaims, ROLES_CLAIM } from "./auth";

// Spec §4: "Admin flag: true when the roles claim contains 'admin', otherwise false."
describe("isAdminFromClaims", () => {
  it("is true when the namespaced roles claim contains 'admin'", () => {
    expect(isAdminFromClaims({ [ROLES_CLAIM]: ["user", "admin"] })).toBe(true);
  });

  it("is false when the roles do not contain 'admin' or only resemble it", () => {
    expect(isAdminFromClaims({ [ROLES_CLAIM]: ["user"] })).toBe(false);
    expect(isAdminFromClaims({ [ROLES_CLAIM]: ["Admin", "administrator"] })).toBe(false);
    expect(isAdminFromClaims({ [ROLES_CLAIM]: [] })).toBe(false);
  });

  it("ignores 'admin' under any other claim name", () => {
    expect(isAdminFromClaims({ roles: ["admin"] })).toBe(false);
    expect(isAdminFromClaims({ roles: ["admin"] }, "roles")).toBe(true);
  });

  it("is false without claims or with a malformed roles value", () => {
    expect(isAdminFromClaims(null)).toBe(false);
    expect(isAdminFromClaims(undefined)).toBe(false);
    expect(isAdminFromClaims({ [ROLES_CLAIM]: { admin: true } })).toBe(false);
  });

  it("accepts a single role sent as a string", () => {
    expect(isAdminFromClaims({ [ROLES_CLAIM]: "admin" })).toBe(true);
    expect(isAdminFromClaims({ [ROLES_CLAIM]: "admins" })).toBe(false);
  });
});
