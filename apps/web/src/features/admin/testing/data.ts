// Test-only admin values: a signed-in admin, pending listings, members (ZUser), outbox mail and the
// job queues.
import {
  type TJobFailure,
  type TJobsOverview,
  type TMail,
  type TPendingListing,
  type TUser,
  ZJobsOverview,
  ZMail,
  ZPendingListing,
  ZUser,
} from "@hostfield/domain/contracts";
import { buildProfile, buildSignedInAuth } from "../../../test/factories";

export const ADMIN_ID = "6c1b8f6e-6d55-4b8f-9d0e-2f9a7f6c1a01";

export function buildAdminAuth() {
  return buildSignedInAuth({
    isAdmin: true,
    profile: buildProfile({ id: ADMIN_ID, isAdmin: true }),
  });
}

let serial = 0;

/** A pending listing as the approval queue lists it (a hotel in Austin unless told otherwise). */
export function buildPendingListing(overrides: Partial<TPendingListing> = {}): TPendingListing {
  serial += 1;
  return ZPendingListing.parse({
    id: `40000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    kind: "hotel",
    name: "Riverside Inn",
    description: "Forty rooms by the river, ten minutes from the fields.",
    address: {
      street: "1 River Rd",
      city: "Austin",
      state: "Texas",
      postalCode: "78701",
      country: "US",
    },
    logo: null,
    website: "https://riverside.example",
    phone: "+1 512 555 0100",
    email: "desk@riverside.example",
    status: "pending",
    tier: null,
    isActive: true,
    createdDate: "2025-03-01T12:00:00.000Z",
    sports: [],
    ...overrides,
  } satisfies TPendingListing);
}

export function testUserId(): string {
  serial += 1;
  return `10000000-0000-4000-8000-${String(serial).padStart(12, "0")}`;
}

/** A member as the users API returns it to admins (`ZUser`). */
export function buildMember(overrides: Partial<TUser> = {}): TUser {
  return ZUser.parse({
    id: testUserId(),
    email: "sam.rivera@lakeside.example",
    name: "Sam Rivera",
    accountType: "Coach",
    avatarUrl: null,
    isVisible: true,
    emailVerified: true,
    isAdmin: false,
    isBlocked: false,
    createdDate: "2025-01-15T10:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    ...overrides,
  } satisfies TUser);
}

/** A message of the mail log, as the domain's contract has it. */
export function buildMail(index: number): TMail {
  return ZMail.parse({
    id: `20000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    to: `member${index}@example.com`,
    subject: `Message ${index}`,
    text: `Hello member ${index},\nthis is message ${index}.`,
    transport: "outbox",
    createdDate: new Date(Date.UTC(2025, 2, 1, 12, 0, 0) - index * 60_000).toISOString(),
    sentDate: null,
    error: null,
  } satisfies TMail);
}

/** A failure of the events queue, `index` minutes before noon on 1 March 2025. */
export function buildJobFailure(index: number, overrides: Partial<TJobFailure> = {}): TJobFailure {
  return {
    queue: "events.notifications",
    id: `30000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    failedDate: new Date(Date.UTC(2025, 2, 1, 12, 0, 0) - index * 60_000).toISOString(),
    retries: 5,
    error: `connection refused (attempt ${index})`,
    ...overrides,
  };
}

/** The jobs overview: two queues, and `failures` of the first. */
export function buildJobsOverview(failures: TJobFailure[] = []): TJobsOverview {
  return ZJobsOverview.parse({
    queues: [
      { name: "events.notifications", queued: 3, active: 1, deferred: 2, failed: failures.length },
      { name: "users.prune-sign-in", queued: 0, active: 0, deferred: 0, failed: 0 },
    ],
    failures,
  } satisfies TJobsOverview);
}
