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
  it("links every kind under a plural path of its own", () => {
    const links = PROFILE_KINDS.map((kind) => profileLink(kind, "1"));
    for (const link of links) expect(link).toMatch(/^\/[a-z]+\/1$/);
    expect(new Set(links).size).toBe(PROFILE_KINDS.length);
    // The spec's paths (a new kind adds its own without changing these).
    const paths = {
      hotel: "/hotels/1",
      destination: "/destinations/1",
      facility: "/facilities/1",
      business: "/businesses/1",
      company: "/companies/1",
      organization: "/organizations/1",
      event: "/events/1",
    } as const;
    for (const [kind, path] of Object.entries(paths)) {
      expect(profileLink(kind as keyof typeof paths, "1")).toBe(path);
    }
  });
});
