// Test-only notification records in the contract's shape (checked as they are built).
import { type TNotification, ZNotification } from "@hostfield/domain/contracts";
import { buildUser } from "../../../test/factories";

export const TEST_USER_ID = buildUser().id;
export const NOTIFICATIONS_PATH = `/user-mgmt/api/users/${TEST_USER_ID}/notifications`;

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export function testUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

let next = 1;

export function buildNotification(overrides: Partial<TNotification> = {}): TNotification {
  const id = overrides.id ?? testUuid(next++);
  return ZNotification.parse({
    id,
    userId: TEST_USER_ID,
    title: `Notification ${id.slice(-4)}`,
    contents: "Something happened.",
    url: null,
    icon: null,
    senderProfile: {
      id: testUuid(9000),
      kind: "Organization",
      name: "Riverside Sports",
      logo: null,
    },
    tags: [],
    threadId: null,
    isOpened: false,
    isArchived: false,
    createdDate: "2025-03-12T10:00:00.000Z",
    ...overrides,
  } satisfies TNotification);
}
