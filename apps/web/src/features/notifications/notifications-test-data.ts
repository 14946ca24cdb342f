// Test-only notification records and a small in-memory notifications service for stubApi.
import type { TNotification } from "@hostfield/domain/contracts";
import type { TApiCall } from "../../test/api-stub";
import { buildUser } from "../../test/factories";

export const TEST_USER_ID = buildUser().id;
export const NOTIFICATIONS_PATH = `/user-mgmt/api/users/${TEST_USER_ID}/notifications`;

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export function testUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

let next = 1;

export function buildNotification(overrides: Partial<TNotification> = {}): TNotification {
  const id = overrides.id ?? testUuid(next++);
  return {
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
  };
}

/**
 * Answers the notification calls like the server does (filtered lists newest first with their
 * count, opened/archived toggles, delete) over `records`, which it changes in place.
 */
export function notificationsService(records: TNotification[]) {
  return (call: TApiCall): Response | undefined => {
    if (!call.path.startsWith(NOTIFICATIONS_PATH)) return undefined;
    const rest = call.path.slice(NOTIFICATIONS_PATH.length);
    if (rest === "/filtered" && call.method === "POST") {
      const filter = (call.body as { data?: { isArchived?: boolean; isOpened?: boolean } }).data;
      const matching = records
        .filter((n) => filter?.isArchived === undefined || n.isArchived === filter.isArchived)
        .filter((n) => filter?.isOpened === undefined || n.isOpened === filter.isOpened)
        .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
      const offset = Number(call.url.searchParams.get("offset") ?? 0);
      const take = Number(call.url.searchParams.get("take") ?? 20);
      return Response.json({
        data: matching.slice(offset, offset + take),
        _meta: { stats: { count: matching.length } },
      });
    }
    const match = /^\/([^/]+)(?:\/(opened|archived))?$/.exec(rest);
    const record = match ? records.find((n) => n.id === match[1]) : undefined;
    if (!match || !record) return undefined;
    if (call.method === "DELETE" && !match[2]) {
      records.splice(records.indexOf(record), 1);
      return Response.json({ data: { id: record.id, deleted: true } });
    }
    if (call.method === "PUT" && match[2] === "opened") {
      record.isOpened = call.url.searchParams.get("isOpened") === "true";
      return Response.json({ data: record });
    }
    if (call.method === "PUT" && match[2] === "archived") {
      record.isArchived = call.url.searchParams.get("isArchived") === "true";
      return Response.json({ data: record });
    }
    return undefined;
  };
}
