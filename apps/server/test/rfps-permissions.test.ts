// The permission matrix of every requests-for-proposals route, called by an anonymous visitor, a
// stranger, a member and a manager of the listing a lead went to, the event's organizer and an
// admin. The expected callers restate the product's rules, not policy.ts: only the event's
// organizers (and admins) draft, publish and send requests and see all their leads ("My requests"
// answers anyone signed in, with only the events they organize: my-requests.test.ts); the recipient's
// members read their listing's leads, its managers answer and assign them; organizers decide and
// withdraw; the marketplace needs a destination or facility membership that opens it.
import { describe, expect, it } from "vitest";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  draftRequest,
  indoorCourts,
  listUnder,
  move,
  moveTo,
  proposal,
  rfpSuite,
  sendToFacilities,
  userIdOf,
} from "./rfps-fixture";
import { pdf } from "./upload-fixtures";

const PEOPLE = ["stranger", "recipientMember", "recipientManager", "organizer", "admin"] as const;
const CALLERS = ["anonymous", ...PEOPLE] as const;
type TCaller = (typeof CALLERS)[number];

const SIGNED_IN: readonly TCaller[] = PEOPLE;
const ORGANIZERS: readonly TCaller[] = ["organizer", "admin"];
const RECIPIENT_MEMBERS: readonly TCaller[] = ["recipientMember", "recipientManager", "admin"];
const RECIPIENT_MANAGERS: readonly TCaller[] = ["recipientManager", "admin"];
const BOTH_SIDES: readonly TCaller[] = [
  "recipientMember",
  "recipientManager",
  "organizer",
  "admin",
];

const world = {} as {
  facility: string;
  destination: string;
  event: string;
  draft: string;
  lead: string;
  memberId: string;
};
const { api, app, ev, ok } = rfpSuite(PEOPLE, async () => {
  world.facility = await createListed(api, "facility", "recipientManager", {
    name: "Matrix Courts",
    at: "indianapolis",
    tier: "Silver",
    sports: ["Basketball"],
    spaces: [indoorCourts(4)],
  });
  world.destination = await createListed(api, "destination", "recipientManager", {
    name: "Matrix Destination",
    at: "indianapolis",
    tier: "Gold",
  });
  await listUnder(api, world.facility, world.destination);
  await addMember(api, "facility", world.facility, "recipientMember", "member");
  await addMember(api, "destination", world.destination, "recipientMember", "member");
  world.memberId = await userIdOf(api, "recipientMember");
  const fresh = await freshEvent();
  world.event = fresh.event;
  world.draft = fresh.draft;
  world.lead = await sendLead(fresh.event, fresh.draft);
  await ok(ev("PUT", `/events/${fresh.event}/requirements/${fresh.draft}/publish`, "organizer"));
});

async function freshEvent() {
  const event = await createEvent(api, "organizer", `Matrix Event ${Math.random()}`);
  return { event, draft: await draftRequest(api, "organizer", event) };
}

async function sendLead(event: string, requirementId: string) {
  const [lead] = await sendToFacilities(api, "organizer", event, requirementId, [world.facility]);
  return lead!;
}

/** A lead of its own event, Open or answered with a proposal by the facility's manager. */
async function freshLead(status: "Open" | "Interested") {
  const { event, draft } = await freshEvent();
  const lead = await sendLead(event, draft);
  if (status === "Interested") {
    await ok(ev("PATCH", `/events/${event}/leads/${lead}`, "recipientManager", moveTo(status)));
  }
  return { event, lead };
}

/** A lead answered with a proposal that carries one file (made once, read by every caller). */
let attached: Promise<{ event: string; lead: string; attachment: string }> | null = null;
function attachedLead() {
  attached ??= (async () => {
    const { event, lead } = await freshLead("Open");
    const file = await ok<{ id: string }>(
      api.upload(`/events/${event}/leads/${lead}/attachments`, "recipientManager", pdf(), "a.pdf"),
      201,
    );
    const sent = { ...proposal(), attachments: [file] };
    await ok(
      ev(
        "PATCH",
        `/events/${event}/leads/${lead}`,
        "recipientManager",
        move("Interested", { proposal: sent }),
      ),
    );
    return { event, lead, attachment: file.id };
  })();
  return attached;
}

type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type TRequest = {
  method: TMethod;
  route: string;
  payload?: unknown;
  /** Sent as a multipart form's file instead of a JSON payload. */
  file?: Buffer;
};
type TCase = {
  method: TMethod;
  /** The route as registered below /event-mgmt/api. */
  route: string;
  what?: string;
  allowed: readonly TCaller[];
  prepare: () => Promise<TRequest>;
};

const at = (method: TMethod, route: string, payload?: unknown) => async (): Promise<TRequest> => ({
  method,
  route,
  payload,
});
const filter = { data: {} };

function cases(): TCase[] {
  const e = `/events/${world.event}`;
  const lead = `${e}/leads/${world.lead}`;
  return [
    // ---- requests ----
    {
      method: "GET",
      route: "/events/:id/requirements",
      allowed: ORGANIZERS,
      prepare: at("GET", `${e}/requirements`),
    },
    {
      method: "POST",
      route: "/events/:id/requirements/filtered",
      allowed: ORGANIZERS,
      prepare: at("POST", `${e}/requirements/filtered`, filter),
    },
    {
      method: "POST",
      route: "/events/:id/requirements",
      allowed: ORGANIZERS,
      prepare: at("POST", `${e}/requirements`, { data: courtsRequest() }),
    },
    {
      method: "GET",
      route: "/events/:id/requirements/:childId",
      allowed: ORGANIZERS,
      prepare: at("GET", `${e}/requirements/${world.draft}`),
    },
    {
      method: "PATCH",
      route: "/events/:id/requirements/:childId",
      what: "edit a draft",
      allowed: ORGANIZERS,
      prepare: async () => {
        const { event, draft } = await freshEvent();
        return {
          method: "PATCH",
          route: `/events/${event}/requirements/${draft}`,
          payload: [{ op: "replace", path: "/spaceTypeCount", value: 2 }],
        };
      },
    },
    {
      method: "DELETE",
      route: "/events/:id/requirements/:childId",
      what: "a draft",
      allowed: ORGANIZERS,
      prepare: async () => {
        const { event, draft } = await freshEvent();
        return { method: "DELETE", route: `/events/${event}/requirements/${draft}` };
      },
    },
    {
      method: "PUT",
      route: "/events/:id/requirements/:childId/publish",
      allowed: ORGANIZERS,
      prepare: async () => {
        const { event, draft } = await freshEvent();
        return { method: "PUT", route: `/events/${event}/requirements/${draft}/publish` };
      },
    },
    {
      method: "GET",
      route: "/events/my/requests",
      allowed: SIGNED_IN,
      prepare: at("GET", "/events/my/requests"),
    },
    // ---- an event's leads ----
    {
      method: "GET",
      route: "/events/:id/leads",
      allowed: ORGANIZERS,
      prepare: at("GET", `${e}/leads`),
    },
    {
      method: "POST",
      route: "/events/:id/leads/filtered",
      allowed: ORGANIZERS,
      prepare: at("POST", `${e}/leads/filtered`, filter),
    },
    {
      method: "POST",
      route: "/events/:id/leads/search",
      allowed: ORGANIZERS,
      prepare: at("POST", `${e}/leads/search`, { data: { text: "Matrix" } }),
    },
    {
      method: "POST",
      route: "/events/:id/leads/stats",
      allowed: ORGANIZERS,
      prepare: at("POST", `${e}/leads/stats`, filter),
    },
    {
      method: "GET",
      route: "/events/:id/leads/my",
      allowed: SIGNED_IN,
      prepare: at("GET", `${e}/leads/my`),
    },
    {
      method: "POST",
      route: "/events/:id/leads",
      allowed: ORGANIZERS,
      prepare: async () => {
        const { event, draft } = await freshEvent();
        return {
          method: "POST",
          route: `/events/${event}/leads`,
          payload: {
            data: { requirementId: draft, ownerType: "Destination", ownerId: world.destination },
          },
        };
      },
    },
    {
      method: "POST",
      route: "/events/:id/leads/bulk",
      allowed: ORGANIZERS,
      prepare: async () => {
        const { event, draft } = await freshEvent();
        return {
          method: "POST",
          route: `/events/${event}/leads/bulk`,
          payload: {
            data: {
              requirementId: draft,
              targets: [{ ownerType: "Facility", ownerId: world.facility }],
            },
          },
        };
      },
    },
    {
      method: "GET",
      route: "/events/:id/leads/:leadId",
      allowed: BOTH_SIDES,
      prepare: at("GET", lead),
    },
    {
      method: "GET",
      route: "/events/:id/leads/:leadId/history",
      allowed: BOTH_SIDES,
      prepare: at("GET", `${lead}/history`),
    },
    {
      method: "PATCH",
      route: "/events/:id/leads/:leadId",
      what: "pass on an Open lead",
      allowed: RECIPIENT_MANAGERS,
      prepare: async () => {
        const fresh = await freshLead("Open");
        return {
          method: "PATCH",
          route: `/events/${fresh.event}/leads/${fresh.lead}`,
          payload: [
            { op: "replace", path: "/status", value: "Passed" },
            { op: "replace", path: "/reason", value: "Booked that weekend" },
          ],
        };
      },
    },
    {
      method: "PATCH",
      route: "/events/:id/leads/:leadId",
      what: "decline an Interested lead",
      allowed: ORGANIZERS,
      prepare: async () => {
        const fresh = await freshLead("Interested");
        return {
          method: "PATCH",
          route: `/events/${fresh.event}/leads/${fresh.lead}`,
          payload: [
            { op: "replace", path: "/status", value: "Lost" },
            { op: "replace", path: "/reason", value: "Too far" },
          ],
        };
      },
    },
    {
      method: "GET",
      route: "/events/:id/leads/:leadId/proposals",
      allowed: BOTH_SIDES,
      prepare: at("GET", `${lead}/proposals`),
    },
    {
      method: "POST",
      route: "/events/:id/leads/:leadId/revision-request",
      what: "ask for a revision of an Interested lead's proposal",
      allowed: ORGANIZERS,
      prepare: async () => {
        const fresh = await freshLead("Interested");
        return {
          method: "POST",
          route: `/events/${fresh.event}/leads/${fresh.lead}/revision-request`,
          payload: { data: { message: "Three courts, please.", changes: ["spaces"] } },
        };
      },
    },
    {
      method: "DELETE",
      route: "/events/:id/leads/:leadId",
      what: "withdraw an Open lead",
      allowed: ORGANIZERS,
      prepare: async () => {
        const fresh = await freshLead("Open");
        return { method: "DELETE", route: `/events/${fresh.event}/leads/${fresh.lead}` };
      },
    },
    {
      method: "POST",
      route: "/events/:id/leads/:leadId/attachments",
      what: "upload a file for the proposal",
      allowed: RECIPIENT_MANAGERS,
      prepare: async () => ({ method: "POST", route: `${lead}/attachments`, file: pdf() }),
    },
    {
      method: "GET",
      route: "/events/:id/leads/:leadId/attachments/:attachmentId",
      what: "download a file the proposal carries",
      allowed: BOTH_SIDES,
      prepare: async () => {
        const sent = await attachedLead();
        return {
          method: "GET",
          route: `/events/${sent.event}/leads/${sent.lead}/attachments/${sent.attachment}`,
        };
      },
    },
    {
      method: "PUT",
      route: "/events/:id/leads/:leadId/member",
      allowed: RECIPIENT_MANAGERS,
      prepare: at("PUT", `${lead}/member`, { data: { userId: world.memberId } }),
    },
    // ---- a listing's leads ----
    {
      method: "POST",
      route: "/destinations/:id/leads",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("POST", `/destinations/${world.destination}/leads`, filter),
    },
    {
      method: "POST",
      route: "/destinations/:id/leads/stats",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("POST", `/destinations/${world.destination}/leads/stats`, filter),
    },
    {
      method: "GET",
      route: "/destinations/:id/pipeline",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("GET", `/destinations/${world.destination}/pipeline`),
    },
    {
      method: "GET",
      route: "/leads/my/pipeline",
      allowed: SIGNED_IN,
      prepare: at("GET", "/leads/my/pipeline"),
    },
    {
      method: "POST",
      route: "/facilities/:id/leads",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("POST", `/facilities/${world.facility}/leads`, filter),
    },
    {
      method: "POST",
      route: "/facilities/:id/leads/stats",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("POST", `/facilities/${world.facility}/leads/stats`, filter),
    },
    // ---- the marketplace ----
    {
      method: "POST",
      route: "/events/search/rfps",
      allowed: RECIPIENT_MEMBERS,
      prepare: at("POST", "/events/search/rfps", filter),
    },
  ];
}

type TOutcome = "allowed" | "refused" | "unauthorized" | `unexpected ${number}: ${string}`;

function outcomeOf(status: number, body: string): TOutcome {
  if (status >= 200 && status < 300) return "allowed";
  if (status === 401) return "unauthorized";
  // What the caller may not see answers 404, what they see but may not do 403.
  if (status === 403 || status === 404) return "refused";
  return `unexpected ${status}: ${body.slice(0, 200)}`;
}

const CASE_COUNT = 32;
const RFP_ROUTE = /\/(requirements|leads|pipeline)\b|\/search\/rfps$|\/my\/requests$/;

describe("requests for proposals and leads", () => {
  it("covers every route of the module", () => {
    const base = "/event-mgmt/api";
    const normal = (route: string) => route.replace(/:[A-Za-z]+/g, ":p");
    const served = app()
      .routeTable.filter(
        (r) => r.method !== "HEAD" && r.url.startsWith(base) && RFP_ROUTE.test(r.url),
      )
      .map((r) => `${r.method} ${normal(r.url.slice(base.length))}`);
    const covered = new Set(cases().map((c) => `${c.method} ${normal(c.route)}`));
    expect(served.length).toBe(31);
    expect(cases().length).toBe(CASE_COUNT);
    expect(served.filter((r) => !covered.has(r))).toEqual([]);
  });

  // Anyone signed in calls it (case above); what each sees is only the events they organize.
  it("GET /events/my/requests: only the event's organizer finds it there, with its request", async () => {
    const found: Record<string, string[] | null> = {};
    for (const caller of PEOPLE) {
      const rows = await ok<{ event: { id: string }; requirements: { id: string }[] }[]>(
        ev("GET", "/events/my/requests?take=100", caller),
      );
      const row = rows.find((r) => r.event.id === world.event);
      found[caller] = row ? row.requirements.map((r) => r.id) : null;
    }
    expect(found).toEqual({
      stranger: null,
      recipientMember: null,
      recipientManager: null,
      organizer: [world.draft],
      admin: null,
    });
  });

  // Anyone signed in calls it (case above); what each sees is only the leads of their own venues.
  it("GET /leads/my/pipeline: only the recipient's members and managers find the lead there", async () => {
    const found: Record<string, { lead: boolean; venues: string[] }> = {};
    for (const caller of PEOPLE) {
      const board = await ok<{
        columns: { leads: { id: string }[] }[];
        venues: { ownerId: string; canManage: boolean }[];
      }>(ev("GET", "/leads/my/pipeline", caller));
      found[caller] = {
        lead: board.columns.some((column) => column.leads.some((l) => l.id === world.lead)),
        venues: board.venues
          .map(
            (v) =>
              `${v.ownerId === world.facility ? "facility" : "destination"}${v.canManage ? " (manages)" : ""}`,
          )
          .sort(),
      };
    }
    const none = { lead: false, venues: [] };
    expect(found).toEqual({
      stranger: none,
      recipientMember: { lead: true, venues: ["destination", "facility"] },
      recipientManager: { lead: true, venues: ["destination (manages)", "facility (manages)"] },
      organizer: none,
      admin: none,
    });
  });

  // The cases need the world's ids, made in beforeAll; they are named inside the expectation.
  it.each([...Array(CASE_COUNT).keys()].map((i) => [i] as const))("case %i", async (i) => {
    const c = cases()[i]!;
    const expected: Record<string, TOutcome> = {};
    const actual: Record<string, TOutcome> = {};
    for (const caller of CALLERS) {
      const request = await c.prepare();
      const res = request.file
        ? await api.upload(request.route, caller, request.file, "plan.pdf")
        : await ev(request.method, request.route, caller, request.payload);
      actual[caller] = outcomeOf(res.statusCode, res.body);
      expected[caller] = c.allowed.includes(caller)
        ? "allowed"
        : caller === "anonymous"
          ? "unauthorized"
          : "refused";
    }
    expect({ case: `${c.method} ${c.route}${c.what ? ` (${c.what})` : ""}`, ...actual }).toEqual({
      case: `${c.method} ${c.route}${c.what ? ` (${c.what})` : ""}`,
      ...expected,
    });
  });
});
