// Who reads reports: every dashboard route (one per kind and section of REPORT_SECTIONS, and the
// destination's impact) lets in the listing's owners and managers and admins, refuses its plain
// members and everyone else (403), visitors (401); a listing hidden from the caller answers 404;
// organizations also need the caller's spec §4 stats gate (an active destination, facility or
// business membership). Stories have no reports yet: 404 for any id.

import {
  REPORT_KIND_PATHS,
  REPORT_SECTIONS,
  reportSectionPath,
  TRACKED_KINDS,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/kinds";
import { describe, expect, it } from "vitest";
import { codeOf, expectCallers } from "./access-matrix";
import { addMember, createListed, rfpSuite, type TApi } from "./rfps-fixture";

const PEOPLE = ["admin", "owner", "manager", "member", "other", "orgonly"] as const;
const CALLERS = ["anonymous", "owner", "manager", "member", "other", "admin"] as const;
type TWho = (typeof PEOPLE)[number] | "anonymous";

const rm = (api: TApi, route: string, who: TWho) => api.call("report-mgmt", "GET", route, who);

/** A listing of any kind in Indianapolis owned by `owner`, approved unless `pending`. */
const createListing = (
  api: TApi,
  kind: TProfileKind,
  owner: string,
  name: string,
  options: { pending?: boolean } = {},
) => createListed(api, kind, owner, { name, at: "indianapolis", ...options });

const LISTED_KINDS = TRACKED_KINDS.filter((k): k is TProfileKind => k !== "story");
const ids = {} as Record<TProfileKind, string>;
let pendingDestination = "";
let lockedOrganization = "";

const { api } = rfpSuite(PEOPLE, async (api) => {
  for (const kind of LISTED_KINDS) {
    ids[kind] = await createListing(api, kind, "owner", `Report ${kind}`);
    await addMember(api, kind, ids[kind], "manager", "manager");
    await addMember(api, kind, ids[kind], "member", "member");
  }
  pendingDestination = await createListing(api, "destination", "owner", "Pending Bureau", {
    pending: true,
  });
  lockedOrganization = await createListing(api, "organization", "orgonly", "Only Org");
});

/** Every dashboard route of a listing kind, with its url for the listing `id`. */
const routesOf = (kind: TProfileKind, id: string) => [
  ...REPORT_SECTIONS[kind].map(
    (section) => `/${REPORT_KIND_PATHS[kind]}/${id}/${reportSectionPath(kind, section)}`,
  ),
  ...(kind === "destination" ? [`/destinations/${id}/impact`] : []),
];

describe("the permission matrix over every dashboard route", () => {
  for (const kind of LISTED_KINDS) {
    it(`lets the ${kind}'s owners, managers and admins read its reports, and no one else`, async () => {
      const routes = routesOf(kind, ids[kind]);
      expect(routes.length).toBe(REPORT_SECTIONS[kind].length + (kind === "destination" ? 1 : 0));
      for (const route of routes) {
        await expectCallers(CALLERS, ["owner", "manager", "admin"], (who) => rm(api, route, who));
      }
    });
  }

  it("refuses plain members and strangers with 403, visitors with 401", async () => {
    const route = `/facilities/${ids.facility}/leads`;
    expect((await rm(api, route, "member")).statusCode).toBe(403);
    expect((await rm(api, route, "other")).statusCode).toBe(403);
    expect((await rm(api, route, "anonymous")).statusCode).toBe(401);
  });

  it("answers 404 for a listing hidden from the caller, and reads it for its owner", async () => {
    for (const route of routesOf("destination", pendingDestination)) {
      expect((await rm(api, route, "other")).statusCode, route).toBe(404);
      expect((await rm(api, route, "owner")).statusCode, route).toBe(200);
    }
  });

  it("answers 404 on the story route for an id that is no story (a listing's; stories.test.ts has the rest)", async () => {
    const route = `/stories/${ids.destination}/profile`;
    expect((await rm(api, route, "admin")).statusCode).toBe(404);
    expect((await rm(api, route, "owner")).statusCode).toBe(404);
    expect((await rm(api, route, "anonymous")).statusCode).toBe(401);
  });
});

describe("the organization stats gate (spec §4 showOrganizationStats)", () => {
  it("refuses an organization's owner without an active membership, admins pass", async () => {
    for (const route of routesOf("organization", lockedOrganization)) {
      const res = await rm(api, route, "orgonly");
      expect(res.statusCode, route).toBe(403);
      expect(codeOf(res)).toBe("ORGANIZATION_STATS_LOCKED");
      expect((await rm(api, route, "admin")).statusCode, route).toBe(200);
    }
  });

  it("opens once the owner holds an active destination membership", async () => {
    const bureau = await createListing(api, "destination", "admin", "Gate Bureau");
    await addMember(api, "destination", bureau, "orgonly", "member");
    for (const route of routesOf("organization", lockedOrganization)) {
      expect((await rm(api, route, "orgonly")).statusCode, route).toBe(200);
    }
  });
});
