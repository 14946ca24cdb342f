import { describe, expect, it } from "vitest";
import { PROFILE_KINDS } from "../reference/profiles";
import { ownerLink, profileLink } from "./owner-links";

describe("ownerLink", () => {
  // Spec §2: "Destination gives /destinations/{ownerId}, Facility gives /facilities/{ownerId},
  // Vendor gives /organizations/{ownerId}."
  const id = "7f1c2a5e-2d7b-4c1e-9a57-1b2c3d4e5f60";

  it("links each owner type to its page", () => {
    expect(ownerLink({ ownerType: "Destination", ownerId: id })).toBe(`/destinations/${id}`);
    expect(ownerLink({ ownerType: "Facility", ownerId: id })).toBe(`/facilities/${id}`);
    expect(ownerLink({ ownerType: "Vendor", ownerId: id })).toBe(`/organizations/${id}`);
  });

  it("escapes an id that is not URL-safe", () => {
    expect(ownerLink({ ownerType: "Facility", ownerId: "a/b?c" })).toBe("/facilities/a%2Fb%3Fc");
  });
});

describe("profileLink", () => {
  it("links each of the seven kinds under its plural path", () => {
    expect(PROFILE_KINDS.map((kind) => profileLink(kind, "1"))).toEqual([
      "/hotels/1",
      "/destinations/1",
      "/facilities/1",
      "/businesses/1",
      "/companies/1",
      "/organizations/1",
      "/events/1",
    ]);
  });
});
