// The simple children of a listing (sports, amenities, space types, boosts, partners): one
// description each, and the routes every such collection has (list, add, read, change, remove).
import {
  type TPaging,
  type TProfileAbility,
  type TSpaceDayPrice,
  ZBoostDates,
  ZNamedChild,
  ZPatchBody,
  ZProfileBoost,
  ZProfilePartner,
  ZProfileSpaceType,
  ZSpaceTypeInput,
  ZSportName,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import { AMENITY_NAMES } from "@hostfield/domain/reference";
import type { TBoostDates } from "@hostfield/domain/rules";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { TPrincipal } from "../platform/http/access";
import { envelope, listEnvelope } from "../platform/http/envelope";
import { AppError, notFound, validationFailed } from "../platform/http/errors";
import { applyJsonPatch } from "../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../platform/http/paging";
import type { TRequestOf, TRequestWithParams } from "../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../platform/http/schemas";
import { judgeBoost, requireBoostQuota } from "./boosts/service";
import type { TKindDescriptor } from "./descriptor";
import { isPublicProfile } from "./policy";
import { iso, mediaRef } from "./presenter";
import * as repo from "./repository";
import { grantOf, profileRouteKit } from "./route-kit";
import * as profiles from "./service";

/** The query of a child list: paging, and what a collection adds (boosts: a date range). */
export type TChildQuery = TPaging & {
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** The boosts of a kind's list take a date range. */
export const ZBoostRange = ZPagedQuery.extend({
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
});

type TBoostRow = typeof repo.childTables.boosts.$inferSelect;

export function presentBoost(b: TBoostRow, profileName: string) {
  return {
    id: b.id,
    profileId: b.profileId,
    startDate: b.startDate,
    endDate: b.endDate,
    profileName,
    source: b.source,
    state: b.state,
    createdDate: iso(b.createdDate),
  };
}

/**
 * Who writes a child, to which listing, and for a change the child as it was: `previous` its
 * editable view, `row` the stored row.
 */
export type TChildWrite = {
  profile: repo.TProfileRow;
  principal: TPrincipal;
  previous?: Record<string, unknown>;
  row?: Record<string, unknown>;
};

export type TSimpleChild = {
  segment: string;
  label: string;
  table: repo.TChildTable;
  input: z.ZodType<Record<string, unknown>>;
  item: z.ZodType;
  read: TProfileAbility;
  write: TProfileAbility;
  /**
   * Rules of a write beyond the input's shape, on the listing and the caller (throws AppError);
   * `previous` is the editable view of the row a PATCH changes.
   */
  check?(
    ctx: profiles.TProfilesContext,
    input: Record<string, unknown>,
    write: TChildWrite,
  ): void | Promise<void>;
  /** Columns a new row takes from who writes it (a boost: who booked it), beside `toRow`'s. */
  createdColumns?(write: TChildWrite): Record<string, unknown>;
  /** Columns to write from the validated input; may check references (throws AppError). */
  toRow(
    ctx: profiles.TProfilesContext,
    profileId: string,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  /** The editable view of a row, which a PATCH edits and `input` validates. */
  editable(row: Record<string, unknown>): Record<string, unknown>;
  /** The rows as the API shows them; `owner` is the listing they belong to. */
  present(
    ctx: profiles.TProfilesContext,
    rows: Record<string, unknown>[],
    owner: repo.TProfileRow,
  ): Promise<unknown[]>;
  /** Runs once a row is deleted (a partner link's picture leaves the file store). */
  removed?(ctx: profiles.TProfilesContext, row: Record<string, unknown>): Promise<void>;
  /** The list's query, when it takes more than paging (boosts: a date range). */
  query?: z.ZodType<TChildQuery>;
  filter?(query: TChildQuery): ReturnType<typeof repo.boostOverlaps>;
  orderBy?: Parameters<typeof repo.listChildren>[5];
};

export function registerSimpleChild(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
  c: TSimpleChild,
) {
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const path = `/${d.path}/:id/${c.segment}`;
  const ZList = zListEnvelope(c.item);
  const ZOne = zDataEnvelope(c.item);
  const query: z.ZodType<TChildQuery> = c.query ?? ZPagedQuery;
  const duplicate = () =>
    new AppError("ALREADY_EXISTS", 409, `This ${d.label} already has that ${c.label}.`);
  const list = async (request: TRequestOf<typeof ZIdParams, typeof query, undefined>) => {
    const q = request.query;
    const page = await repo.listChildren<Record<string, unknown>>(
      ctx.db,
      c.table,
      grantOf(request).profile.id,
      toWindow(q),
      c.filter?.(q) ?? [],
      c.orderBy,
    );
    return listEnvelope(await c.present(ctx, page.rows, grantOf(request).profile), page.count);
  };
  const one = async (request: TRequestWithParams<{ childId: string }>) => {
    const { childId } = request.params;
    const row = await repo.findChild<Record<string, unknown>>(
      ctx.db,
      c.table,
      grantOf(request).profile.id,
      childId,
    );
    if (!row) throw notFound(`The ${c.label}`);
    return row;
  };
  const presentOne = async (row: Record<string, unknown>, owner: repo.TProfileRow) =>
    envelope((await c.present(ctx, [row], owner))[0]);
  listPair({
    url: path,
    summary: `The ${d.label}'s ${c.segment}`,
    access: can(c.read),
    params: ZIdParams,
    query,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZList,
    handler: list,
  });
  add({
    method: "POST",
    url: path,
    summary: `Add a ${c.label}`,
    access: can(c.write),
    params: ZIdParams,
    body: zDataBody(c.input),
    status: 201,
    response: ZOne,
    handler: async (request) => {
      const { profile } = grantOf(request);
      const profileId = profile.id;
      const write = { profile, principal: principalOf(request) };
      await c.check?.(ctx, request.body.data, write);
      const values = await c.toRow(ctx, profileId, request.body.data);
      const row = await repo.insertChild<Record<string, unknown>>(ctx.db, c.table, {
        ...values,
        ...c.createdColumns?.(write),
        profileId,
        ...("createdBy" in c.table ? { createdBy: principalOf(request).userId } : {}),
      });
      if (!row) throw duplicate();
      return await presentOne(row, profile);
    },
  });
  add({
    method: "GET",
    url: `${path}/:childId`,
    summary: `One ${c.label}`,
    access: can(c.read),
    params: ZChildParams,
    response: ZOne,
    handler: async (r) => presentOne(await one(r), grantOf(r).profile),
  });
  add({
    method: "PATCH",
    url: `${path}/:childId`,
    summary: `Change a ${c.label} (JSON Patch)`,
    access: can(c.write),
    params: ZChildParams,
    body: ZPatchBody,
    response: ZOne,
    handler: async (request) => {
      const current = await one(request);
      const previous = c.editable(current);
      const edited = c.input.safeParse(applyJsonPatch(previous, request.body));
      if (!edited.success) {
        throw validationFailed(`That is not a valid ${c.label}.`, edited.error.issues);
      }
      const { profile } = grantOf(request);
      const profileId = profile.id;
      await c.check?.(ctx, edited.data, {
        profile,
        principal: principalOf(request),
        previous,
        row: current,
      });
      const values = await c.toRow(ctx, profileId, edited.data);
      const row = await repo
        .updateChild<Record<string, unknown>>(
          ctx.db,
          c.table,
          profileId,
          current.id as string,
          values,
        )
        .catch((error: { code?: string; cause?: { code?: string } }) => {
          if ((error.cause?.code ?? error.code) === "23505") throw duplicate();
          throw error;
        });
      return presentOne(row!, profile);
    },
  });
  add({
    method: "DELETE",
    url: `${path}/:childId`,
    summary: `Remove a ${c.label}`,
    access: can(c.write),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const current = await one(request);
      await repo.deleteChild(ctx.db, c.table, grantOf(request).profile.id, current.id as string);
      await c.removed?.(ctx, current);
      return envelope({ id: current.id as string, deleted: true as const });
    },
  });
}

const named = (
  segment: string,
  label: string,
  table: repo.TChildTable & { name: PgColumn },
  name: z.ZodType<string>,
): TSimpleChild => ({
  segment,
  label,
  table,
  input: z.object({ name }),
  item: ZNamedChild,
  read: "profile.read",
  write: "profile.update",
  // Sports and amenities repeat their listing's kind (schema.ts, profileKindOf).
  createdColumns: ({ profile }) => ({ kind: profile.kind }),
  toRow: async (_ctx, _id, input) => ({ name: input.name }),
  editable: (row) => ({ name: row.name }),
  present: async (_ctx, rows) =>
    rows.map((r) => ({
      id: r.id,
      profileId: r.profileId,
      name: r.name,
      createdDate: iso(r.createdDate as Date),
    })),
  orderBy: table.name,
});

export const sportsChild = named("sports", "sport", repo.childTables.sports, ZSportName);
export const amenitiesChild = named(
  "amenities",
  "amenity",
  repo.childTables.amenities,
  z.enum(AMENITY_NAMES),
);

export const spaceTypesChild: TSimpleChild = {
  segment: "spaceTypes",
  label: "space type",
  table: repo.childTables.spaceTypes,
  input: ZSpaceTypeInput,
  item: ZProfileSpaceType,
  read: "profile.read",
  write: "profile.update",
  toRow: async (_ctx, _id, s) => {
    const price = s.dayPrice as TSpaceDayPrice | null;
    return {
      name: s.name,
      surface: s.surface,
      count: s.count,
      location: s.location,
      additionalFeatures: s.additionalFeatures,
      dayPriceAmount: price?.amount ?? null,
      dayPriceCurrency: price?.currency ?? null,
    };
  },
  editable: (r) => ({
    name: r.name,
    surface: r.surface,
    count: r.count,
    location: r.location,
    additionalFeatures: r.additionalFeatures,
    dayPrice: dayPriceOf(r),
  }),
  present: async (_ctx, rows) =>
    rows.map((r) => ({
      id: r.id,
      profileId: r.profileId,
      name: r.name,
      surface: r.surface,
      count: r.count,
      location: r.location,
      additionalFeatures: r.additionalFeatures,
      dayPrice: dayPriceOf(r),
      createdDate: iso(r.createdDate as Date),
    })),
};

/** A space type row's indicative day price, or null when it gives none. */
function dayPriceOf(row: Record<string, unknown>): TSpaceDayPrice | null {
  const amount = row.dayPriceAmount as number | string | null;
  const currency = row.dayPriceCurrency as TSpaceDayPrice["currency"] | null;
  return amount === null || currency === null ? null : { amount: Number(amount), currency };
}

export const boostsChild: TSimpleChild = {
  segment: "boosts",
  label: "boost",
  table: repo.childTables.boosts,
  input: ZBoostDates,
  item: ZProfileBoost,
  read: "profile.read",
  write: "boosts.write",
  query: ZBoostRange,
  filter: (q) => repo.boostOverlaps(q),
  orderBy: repo.childTables.boosts.startDate,
  check: async (ctx, input, { profile, principal, previous, row }) => {
    const dates = input as TBoostDates;
    const admin = principal.isAdmin;
    judgeBoost(profile, dates, { admin, previous: previous as TBoostDates | undefined });
    // Admins book beyond any quota; their boosts count in none.
    if (admin) return;
    if (row && row.source !== "included") {
      throw new AppError(
        "BOOST_LOCKED",
        409,
        row.source === "admin"
          ? "An admin booked this boost: only an admin changes its dates."
          : "This boost was bought: its dates stay as paid for. Remove it, or ask an admin to move it.",
      );
    }
    await requireBoostQuota(
      ctx,
      profile,
      dates,
      row ? { id: row.id as string, previous: previous as TBoostDates } : undefined,
    );
  },
  // The listing's own people book out of the included days; an admin's boost counts in no quota.
  createdColumns: ({ principal }) => ({ source: principal.isAdmin ? "admin" : "included" }),
  toRow: async (_ctx, _id, b) => ({ startDate: b.startDate, endDate: b.endDate }),
  editable: (r) => ({ startDate: r.startDate, endDate: r.endDate }),
  present: async (ctx, rows) => {
    const names = await repo.profileNames(ctx.db, [
      ...new Set(rows.map((r) => r.profileId as string)),
    ]);
    return rows.map((r) =>
      presentBoost(r as TBoostRow, names.get(r.profileId as string)?.name ?? ""),
    );
  },
};

export const partnersChild: TSimpleChild = {
  segment: "partners",
  label: "partner",
  table: repo.childTables.partners,
  input: z.object({ partnerId: z.uuid() }),
  item: ZProfilePartner,
  read: "profile.read",
  write: "partners.write",
  toRow: async (ctx, profileId, input) => {
    if (input.partnerId === profileId)
      throw new AppError("VALIDATION_FAILED", 400, "A listing cannot partner with itself.");
    await profiles.requireListedProfile(ctx, input.partnerId as string, null, "The partner");
    return { partnerId: input.partnerId };
  },
  editable: (r) => ({ partnerId: r.partnerId }),
  removed: (ctx, row) => profiles.dropPartnerPicture(ctx, row.imageKey as string | null),
  present: async (ctx, rows, owner) => {
    const names = await repo.profileNames(
      ctx.db,
      rows.map((r) => r.partnerId as string),
    );
    return rows.map((r) => {
      const p = names.get(r.partnerId as string);
      return {
        id: r.id,
        profileId: r.profileId,
        partner: {
          id: r.partnerId,
          kind: p?.kind ?? "",
          name: p?.name ?? "",
          logo: mediaRef(p?.logo ?? null),
        },
        image: mediaRef((r.imageKey as string | null) ?? null, !isPublicProfile(owner)),
        createdDate: iso(r.createdDate as Date),
      };
    });
  },
};
