// Test-only factories and MSW handlers of the shortlists: a world of my lists that the handlers
// answer from and change as the app asks (add, remove, share); what the server computes (facts,
// distances, response times) is what the test put in the rows.
import {
  type TSharedShortlist,
  type TShortlist,
  type TShortlistDetail,
  type TShortlistRow,
  ZSharedShortlist,
  ZShortlist,
  ZShortlistDetail,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply, errorReply, listReply, serveBase } from "../../../test/msw";

export const SHORTLISTS = "/user-mgmt/api/shortlists";
export const T0 = "2030-01-10T12:00:00.000Z";
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function buildRow(n: number, overrides: Partial<TShortlistRow> = {}): TShortlistRow {
  return {
    kind: "facility",
    id: uuid(100 + n),
    listed: true,
    name: `Venue ${n}`,
    city: "Indianapolis",
    state: "IN",
    image: null,
    sports: ["Basketball"],
    spaceCount: 4,
    capacity: 500,
    distanceMiles: null,
    responseHours: null,
    note: null,
    addedDate: T0,
    ...overrides,
  };
}

export function buildShortlist(
  n: number,
  rows: TShortlistRow[] = [],
  overrides: Partial<TShortlistDetail> = {},
): TShortlistDetail {
  return {
    id: uuid(n),
    name: `Shortlist ${n}`,
    itemCount: rows.length,
    entries: rows.map((r) => ({ kind: r.kind, id: r.id })),
    shareToken: null,
    createdDate: T0,
    updatedDate: T0,
    rows,
    origin: null,
    ...overrides,
  };
}

export type TShortlistsWorld = { lists: TShortlistDetail[]; shared: Map<string, TSharedShortlist> };

const summary = ({ rows: _rows, origin: _origin, ...list }: TShortlistDetail): TShortlist => list;

function withRows(list: TShortlistDetail, rows: TShortlistRow[]): TShortlistDetail {
  return {
    ...list,
    rows,
    itemCount: rows.length,
    entries: rows.map((r) => ({ kind: r.kind, id: r.id })),
  };
}

export function shortlistsHandlers(world: TShortlistsWorld) {
  const find = (id: unknown) => world.lists.find((l) => l.id === id);
  const replace = (next: TShortlistDetail) => {
    world.lists = world.lists.map((l) => (l.id === next.id ? next : l));
    return next;
  };
  const missing = () => errorReply(404, "NOT_FOUND", "The shortlist was not found.");
  return [
    http.get(SHORTLISTS, () => listReply(ZShortlist, world.lists.map(summary))),
    http.post(SHORTLISTS, async ({ request }) => {
      const { name } = await dataOf<{ name: string }>(request);
      const list = buildShortlist(world.lists.length + 900, [], { name });
      world.lists = [list, ...world.lists];
      return dataReply(ZShortlist, summary(list), { status: 201 });
    }),
    http.get(`${SHORTLISTS}/:id`, ({ params }) => {
      const list = find(params.id);
      return list ? dataReply(ZShortlistDetail, list) : missing();
    }),
    http.post(`${SHORTLISTS}/:id/items`, async ({ params, request }) => {
      const list = find(params.id);
      if (!list) return missing();
      const item = await dataOf<{ kind: "facility" | "destination"; id: string }>(request);
      const row = buildRow(list.rows.length + 1, { ...item, name: `Saved ${item.id.slice(-3)}` });
      return dataReply(ZShortlist, summary(replace(withRows(list, [...list.rows, row]))), {
        status: 201,
      });
    }),
    http.delete(`${SHORTLISTS}/:id/items/:itemId`, ({ params }) => {
      const list = find(params.id);
      if (!list) return missing();
      const rows = list.rows.filter((r) => r.id !== params.itemId);
      return dataReply(ZShortlist, summary(replace(withRows(list, rows))));
    }),
    http.put(`${SHORTLISTS}/:id/share`, ({ params }) => {
      const list = find(params.id);
      if (!list) return missing();
      const token = `token-${list.id.slice(-4)}-${(list.shareToken ?? "").length + 1}xxxxxxxxxxxx`;
      return dataReply(ZShortlist, summary(replace({ ...list, shareToken: token })));
    }),
    http.get("/user-mgmt/api/shared-shortlists/:token", ({ params }) => {
      const shared = world.shared.get(String(params.token));
      return shared
        ? dataReply(ZSharedShortlist, shared)
        : errorReply(404, "NOT_FOUND", "The shared shortlist was not found.");
    }),
  ];
}

/** Serves a shortlists world under the test's own handlers. */
export function serveShortlists(
  lists: TShortlistDetail[] = [],
  shared: Map<string, TSharedShortlist> = new Map(),
): TShortlistsWorld {
  const world = { lists, shared };
  serveBase(...shortlistsHandlers(world));
  return world;
}
