import { describe, expect, it } from "vitest";
import { copyEventForRequest } from "../rules/rfp";
import { ZIsoDate, ZIsoDateTime } from "./common";
import {
  type TEvent,
  ZEvent,
  ZOwnerReference,
  ZRequestForProposals,
  ZRequestLocation,
  ZSpaceType,
} from "./event";
import { type TProfileBase, ZProfileBase } from "./profile";
import { ZUser, ZUserProfile } from "./user";

const ID = "7f1c2a5e-2d7b-4c1e-9a57-1b2c3d4e5f60";
const AUDIT = {
  createdDate: "2025-01-01T00:00:00Z",
  updatedDate: "2025-01-02T10:30:00+02:00",
  createdBy: ID,
  updatedBy: null,
};

function buildEvent(overrides: Partial<TEvent> = {}): TEvent {
  return {
    id: ID,
    name: "Spring Classic",
    type: "Tournament",
    startDate: "2025-04-05",
    endDate: "2025-04-06",
    hasFlexibleDates: false,
    hotelLink: "https://hotels.example/spring",
    category: "Marketed",
    sports: [{ name: "Soccer" }],
    ageGroup: "Youth",
    eventLevel: "Amateur",
    individualCost: null,
    teamCost: 650,
    facilityTypes: ["Sports Complex"],
    spaceName: "Field",
    location: "Outdoor",
    surface: "Turf",
    organization: { id: ID, name: "Spring Soccer Org" },
    isClosed: false,
    logo: null,
    headerImage: "/files/header.jpg",
    featuredVideo: null,
    ...AUDIT,
    ...overrides,
  };
}

function buildProfile(overrides: Partial<TProfileBase> = {}): TProfileBase {
  return {
    id: ID,
    kind: "facility",
    name: "Riverside Sports Complex",
    slug: "riverside-sports-complex",
    description: null,
    address: {
      street: "1 River Rd",
      city: "Mobile",
      state: "Alabama",
      postalCode: "36602",
      country: "US",
    },
    lat: 30.69,
    lng: -88.04,
    placeId: null,
    logo: null,
    headerImage: null,
    featuredVideo: null,
    website: "https://riverside.example",
    phone: null,
    email: "info@riverside.example",
    status: "approved",
    tier: "Gold",
    isActive: true,
    likeCount: 3,
    followerCount: 0,
    ...AUDIT,
    ...overrides,
  };
}

describe("ZEvent", () => {
  it("parses a complete event", () => {
    expect(ZEvent.safeParse(buildEvent()).success).toBe(true);
  });

  it("rejects an unknown sport, event type or surface", () => {
    expect(
      ZEvent.safeParse(buildEvent({ sports: [{ name: "Quidditch" as "Soccer" }] })).success,
    ).toBe(false);
    expect(ZEvent.safeParse(buildEvent({ type: "Party" as "Tournament" })).success).toBe(false);
    expect(ZEvent.safeParse(buildEvent({ surface: "Lava" as "Turf" })).success).toBe(false);
  });

  it("rejects an end before the start and a date that does not exist", () => {
    const backwards = ZEvent.safeParse(
      buildEvent({ startDate: "2025-04-06", endDate: "2025-04-05" }),
    );
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(["endDate"]);
    expect(
      ZEvent.safeParse(buildEvent({ startDate: "2025-02-29", endDate: "2025-03-01" })).success,
    ).toBe(false);
  });

  it("rejects a negative cost and a non-http hotel link", () => {
    expect(ZEvent.safeParse(buildEvent({ teamCost: -1 })).success).toBe(false);
    expect(ZEvent.safeParse(buildEvent({ hotelLink: "javascript:alert(1)" })).success).toBe(false);
  });
});

describe("ZSpaceType", () => {
  it("parses 4 indoor hardwood courts", () => {
    const space = {
      name: "Court",
      surface: "Hardwood",
      count: 4,
      location: "Indoor",
      additionalFeatures: [],
    };
    expect(ZSpaceType.safeParse(space).success).toBe(true);
  });

  it("rejects a surface the space type does not allow, and a count of 0", () => {
    const ice = {
      name: "Diamond",
      surface: "Ice",
      count: 1,
      location: "Outdoor",
      additionalFeatures: [],
    };
    expect(ZSpaceType.safeParse(ice).success).toBe(false);
    const none = {
      name: "Court",
      surface: "Hardwood",
      count: 0,
      location: "Indoor",
      additionalFeatures: [],
    };
    expect(ZSpaceType.safeParse(none).success).toBe(false);
  });
});

describe("ZRequestForProposals", () => {
  const requestFields = {
    sportsList: ["Soccer"],
    needsSpecificFacilityType: false,
    needsSpecificSpaceType: true,
    spaceType: "Field",
    spaceSurface: "Grass",
    spaceTypeCount: 4,
    spaceLocation: "Both",
    spaceDescription: null,
  };

  it("parses an event copied into a request plus the request fields", () => {
    const request = { ...copyEventForRequest(buildEvent()), ...requestFields };
    expect(ZRequestForProposals.safeParse(request).success).toBe(true);
  });

  it("rejects a request that needs a specific space type without naming one", () => {
    const request = { ...copyEventForRequest(buildEvent()), ...requestFields, spaceType: null };
    expect(ZRequestForProposals.safeParse(request).success).toBe(false);
  });

  it("rejects a request without sports", () => {
    const request = { ...copyEventForRequest(buildEvent()), ...requestFields, sportsList: [] };
    expect(ZRequestForProposals.safeParse(request).success).toBe(false);
  });
});

describe("small contracts", () => {
  it("ZRequestLocation: everything optional, distance positive", () => {
    expect(ZRequestLocation.safeParse({}).success).toBe(true);
    expect(ZRequestLocation.safeParse({ address: "Denver, CO", dist: 50 }).success).toBe(true);
    expect(ZRequestLocation.safeParse({ address: "Denver, CO", dist: -5 }).success).toBe(false);
  });

  it("ZOwnerReference: Destination, Facility or Vendor with a uuid", () => {
    expect(ZOwnerReference.safeParse({ ownerType: "Vendor", ownerId: ID }).success).toBe(true);
    expect(ZOwnerReference.safeParse({ ownerType: "Hotel", ownerId: ID }).success).toBe(false);
    expect(ZOwnerReference.safeParse({ ownerType: "Facility", ownerId: "42" }).success).toBe(false);
  });

  it("ZIsoDate: real calendar dates only", () => {
    expect(ZIsoDate.safeParse("2024-02-29").success).toBe(true);
    expect(ZIsoDate.safeParse("2023-02-29").success).toBe(false);
  });

  it("ZIsoDate and ZIsoDateTime: within the product's dates, so a year like 9999 is refused, not overflowed", () => {
    expect(ZIsoDate.safeParse("1900-01-01").success).toBe(true);
    expect(ZIsoDate.safeParse("2099-12-31").success).toBe(true);
    expect(ZIsoDate.safeParse("9999-12-31").error?.issues[0]?.message).toBe(
      "Expected a date from 1900-01-01 to 2099-12-31",
    );
    expect(ZIsoDate.safeParse("0001-01-01").success).toBe(false);
    expect(ZIsoDateTime.safeParse("2026-03-01T12:00:00Z").success).toBe(true);
    expect(ZIsoDateTime.safeParse("9999-12-31T23:59:59Z").success).toBe(false);
    // The day counts where the instant is in UTC: 2099-12-31 late in New York is 2100 in UTC.
    expect(ZIsoDateTime.safeParse("2099-12-31T23:00:00-05:00").success).toBe(false);
  });

  it("ZIsoDateTime refuses a text that is no instant with an issue, not a RangeError (the fuzz's 500)", () => {
    for (const text of ["", "tomorrow", "2026-13-45T99:00:00Z"]) {
      expect(ZIsoDateTime.safeParse(text).success, text).toBe(false);
    }
  });
});

describe("ZProfileBase", () => {
  it("parses a facility profile", () => {
    expect(ZProfileBase.safeParse(buildProfile()).success).toBe(true);
    expect(ZProfileBase.safeParse(buildProfile({ tier: null, status: "pending" })).success).toBe(
      true,
    );
  });

  it("rejects an unknown kind or tier, a bad slug and an impossible latitude", () => {
    expect(ZProfileBase.safeParse(buildProfile({ kind: "venue" as "facility" })).success).toBe(
      false,
    );
    expect(ZProfileBase.safeParse(buildProfile({ tier: "Platinum" as "Gold" })).success).toBe(
      false,
    );
    expect(ZProfileBase.safeParse(buildProfile({ slug: "Riverside Complex" })).success).toBe(false);
    expect(ZProfileBase.safeParse(buildProfile({ lat: 91 })).success).toBe(false);
  });
});

describe("ZUser and ZUserProfile", () => {
  const user = {
    id: ID,
    email: "ada@example.com",
    name: "Ada Lovelace",
    accountType: "Event Organizer",
    avatarUrl: null,
    isVisible: true,
    emailVerified: true,
    isAdmin: false,
    isBlocked: false,
    createdDate: AUDIT.createdDate,
    updatedDate: AUDIT.updatedDate,
  };

  it("parses a user and rejects an unknown account type or a bad email", () => {
    expect(ZUser.safeParse(user).success).toBe(true);
    expect(ZUser.safeParse({ ...user, isBlocked: undefined }).success).toBe(false);
    expect(ZUser.safeParse({ ...user, accountType: "Superuser" }).success).toBe(false);
    expect(ZUser.safeParse({ ...user, email: "ada" }).success).toBe(false);
  });

  it("parses the shell's user profile with its badge counts, never negative", () => {
    const profile = { ...user, unopenedNotifications: 120, unreadMessages: 0 };
    expect(ZUserProfile.safeParse(profile).success).toBe(true);
    expect(ZUserProfile.safeParse({ ...profile, unreadMessages: -1 }).success).toBe(false);
  });
});
