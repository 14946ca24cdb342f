// Test-only MSW handlers for the venues' lead calls (and the lead calls both sides make), answering
// from a leads world (testing/data.ts). Lists answer the world's leads of the venue asked about,
// with the statuses the filter names; a lead answers as the world holds it. No move is judged
// here: a test that moves a lead says what the server answers (`acceptMove`, or a refusal with
// server.use), and only then does the world change.
import {
  type TLead,
  type TLeadHistoryEntry,
  ZLead,
  ZLeadHistoryEntry,
  ZLeadStats,
  ZMyPipeline,
  ZPipeline,
  ZProfileMember,
  ZProposalVersion,
  ZRfpMarketplacePage,
} from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus } from "@hostfield/domain/reference";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { z } from "zod";
import { dataOf, dataReply, errorReply, pageReply } from "../../../test/msw";
import { paymentsOff } from "../../payments/testing";
import { profileSchema } from "../../profiles/testing";
import { leadStats, type TLeadsWorld } from "./data";

export const EVENTS = "/event-mgmt/api/events";
export const RFP_SEARCH = `${EVENTS}/search/rfps`;

/** The path of one lead's calls: `/events/{eventId}/leads/{leadId}`. */
export const leadUrl = (lead: Pick<TLead, "eventId" | "id">) =>
  `${EVENTS}/${lead.eventId}/leads/${lead.id}`;

export const pipelineUrl = (destinationId: string) =>
  `/event-mgmt/api/destinations/${destinationId}/pipeline`;

/** The board of all my venues. */
export const MY_PIPELINE = "/event-mgmt/api/leads/my/pipeline";

const VENUES = [
  { kind: "destination", base: "/destination-mgmt/api/destinations", staff: "members" },
  { kind: "facility", base: "/facility-mgmt/api/facilities", staff: "managers" },
] as const;

const leadNotFound = () => errorReply(404, "NOT_FOUND", "The lead was not found.");

/**
 * The marketplace's page of the world's requests (the offset and take asked for, 20 unless told),
 * with the count and what the head start holds back beside it, checked against the contract.
 */
function rfpPageReply(world: TLeadsWorld, request: Request) {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get("offset") ?? 0);
  const take = Number(query.get("take") ?? 20);
  const body = {
    data: world.rfps.slice(offset, offset + take),
    _meta: { stats: { count: world.rfps.length }, heldBack: world.heldBack },
  };
  ZRfpMarketplacePage.parse(body);
  return HttpResponse.json(body as JsonBodyType);
}

/** The lead calls one lead's page and the pipeline make, over `world`. */
export function leadsHandlers(world: TLeadsWorld) {
  const findLead = (params: Record<string, unknown>) =>
    world.leads.find((l) => l.eventId === params.eventId && l.id === params.leadId);
  const ownedBy = (ownerId: unknown, status?: readonly TLeadStatus[]) =>
    world.leads
      .filter((l) => l.owner.ownerId === ownerId)
      .filter((l) => !status || status.includes(l.status));
  const board = (leads: readonly TLead[]) =>
    LEAD_STATUSES.map((status) => {
      const inColumn = leads.filter((l) => l.status === status);
      return { status, count: inColumn.length, leads: inColumn };
    });
  return [
    // Payments off: the marketplace's notices offer no plans (payments/testing serves them on).
    ...paymentsOff(),
    // All my venues' leads, and my venues as the server orders them: the newest lead first, those
    // without a lead last (ties in the order the test listed them).
    http.get(MY_PIPELINE, () => {
      const venues = [
        ...world.destinations.map((p) => ({ ownerType: "Destination" as const, ownerId: p.id })),
        ...world.facilities.map((p) => ({ ownerType: "Facility" as const, ownerId: p.id })),
      ];
      const ids = new Set(venues.map((v) => v.ownerId));
      return dataReply(ZMyPipeline, {
        columns: board(world.leads.filter((l) => ids.has(l.owner.ownerId))),
        venues: venues
          .map((venue) => {
            const leads = ownedBy(venue.ownerId);
            return {
              ...venue,
              leadCount: leads.length,
              newestLeadDate:
                leads
                  .map((l) => l.createdDate)
                  .sort()
                  .at(-1) ?? null,
              canManage: (world.abilities[venue.ownerId] ?? []).includes("profile.update"),
            };
          })
          .sort((a, b) => (b.newestLeadDate ?? "").localeCompare(a.newestLeadDate ?? "")),
      });
    }),
    ...VENUES.flatMap(({ kind, base, staff }) => [
      http.get(`${base}/my`, ({ request }) =>
        pageReply(
          profileSchema(kind),
          kind === "destination" ? world.destinations : world.facilities,
          request,
        ),
      ),
      http.get(`${base}/:id/my/entitlements`, ({ params }) =>
        dataReply(z.array(z.string()), world.abilities[String(params.id)] ?? ["profile.read"]),
      ),
      http.get(`${base}/:id/${staff}`, ({ request }) =>
        pageReply(ZProfileMember, world.staff, request),
      ),
    ]),
    http.post(RFP_SEARCH, ({ request }) => rfpPageReply(world, request)),
    http.get("/event-mgmt/api/destinations/:id/pipeline", ({ params }) => {
      return dataReply(ZPipeline, { columns: board(ownedBy(params.id)) });
    }),
    http.post("/event-mgmt/api/:venues/:id/leads", async ({ params, request }) => {
      const filter = (await dataOf<{ status?: TLeadStatus[] } | undefined>(request)) ?? {};
      return pageReply(ZLead, ownedBy(params.id, filter.status), request);
    }),
    http.post("/event-mgmt/api/:venues/:id/leads/stats", async ({ params, request }) => {
      const filter = (await dataOf<{ status?: TLeadStatus[] } | undefined>(request)) ?? {};
      return dataReply(ZLeadStats, leadStats(ownedBy(params.id, filter.status)));
    }),
    http.get(`${EVENTS}/:eventId/leads/:leadId`, ({ params }) => {
      const lead = findLead(params);
      return lead ? dataReply(ZLead, lead) : leadNotFound();
    }),
    http.get(`${EVENTS}/:eventId/leads/:leadId/history`, ({ params }) => {
      const lead = findLead(params);
      if (!lead) return leadNotFound();
      return dataReply(z.array(ZLeadHistoryEntry), world.history[lead.id] ?? []);
    }),
    http.get(`${EVENTS}/:eventId/leads/:leadId/proposals`, ({ params }) => {
      const lead = findLead(params);
      if (!lead) return leadNotFound();
      return dataReply(z.array(ZProposalVersion), world.versions[lead.id] ?? []);
    }),
    // An assignment answers the lead with the staff member it names (or nobody).
    http.put(`${EVENTS}/:eventId/leads/:leadId/member`, async ({ params, request }) => {
      const lead = findLead(params);
      if (!lead) return leadNotFound();
      const { userId } = await dataOf<{ userId: string | null }>(request);
      const member = world.staff.find((m) => m.userId === userId);
      return dataReply(ZLead, {
        ...lead,
        assignedUser: member ? { id: member.userId, name: member.name, avatarUrl: null } : null,
      });
    }),
  ];
}

/**
 * The server takes a move of `moved` (a PATCH of its page): it answers `moved` as the test says
 * the server made it, keeps it in the world, and adds `history` to the lead's history.
 */
export function acceptMove(world: TLeadsWorld, moved: TLead, ...history: TLeadHistoryEntry[]) {
  return acceptMoves(world, { lead: moved, history });
}

/**
 * The server takes several moves of one lead, in order: each PATCH answers the next step's lead
 * (as the test says the server made it), keeps it, and adds the step's history.
 */
export function acceptMoves(
  world: TLeadsWorld,
  ...steps: { lead: TLead; history?: TLeadHistoryEntry[] }[]
) {
  let at = 0;
  const first = steps[0]!.lead;
  return http.patch(leadUrl(first), () => {
    const step = steps[Math.min(at, steps.length - 1)]!;
    at += 1;
    world.leads = world.leads.map((l) => (l.id === step.lead.id ? step.lead : l));
    world.history[step.lead.id] = [...(world.history[step.lead.id] ?? []), ...(step.history ?? [])];
    return dataReply(ZLead, step.lead);
  });
}

/** The server keeps the assignments it answers, so the lists that follow show them. */
export function keepAssignments(world: TLeadsWorld) {
  return http.put(`${EVENTS}/:eventId/leads/:leadId/member`, async ({ params, request }) => {
    const { userId } = await dataOf<{ userId: string | null }>(request.clone());
    const member = world.staff.find((m) => m.userId === userId);
    world.leads = world.leads.map((l) =>
      l.eventId === params.eventId && l.id === params.leadId
        ? {
            ...l,
            assignedUser: member ? { id: member.userId, name: member.name, avatarUrl: null } : null,
          }
        : l,
    );
    return undefined;
  });
}
