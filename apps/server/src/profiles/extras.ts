// Calls several kinds share but not all: look-up by place id, company links, and a drafted
// description. Kind modules switch them on; each exists once.
import { zDataBody, zDataEnvelope, zProfile } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../platform/http/access";
import { envelope } from "../platform/http/envelope";
import { notFound } from "../platform/http/errors";
import type { TKindDescriptor } from "./descriptor";
import { presentProfile } from "./presenter";
import * as repo from "./repository";
import { grantOf, profileRouteKit } from "./route-kit";
import * as profiles from "./service";

/** `GET /{kind}/places/{placeId}`: the listed profile of a place-service id. */
export function registerPlaceLookup(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add } = profileRouteKit(app, d, ctx);
  add({
    method: "GET",
    url: `/${d.path}/places/:placeId`,
    summary: `The listed ${d.label} of a place id`,
    access: access.public,
    params: z.object({ placeId: z.string().min(1).max(300) }),
    response: zDataEnvelope(zProfile(d.detail.schema)),
    handler: async (request) => {
      const { placeId } = request.params;
      const id = await repo.findProfileByPlaceId(ctx.db, d.kind, placeId);
      const loaded = await profiles.loadListedProfile(ctx, d, id);
      return envelope(presentProfile(d, loaded));
    },
  });
}

/** `PUT|DELETE /{kind}/{id}/companies/{companyId}`: the company (chain, group) it belongs to. */
export function registerCompanyLinks(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const params = z.object({ id: z.uuid(), companyId: z.uuid() });
  const ZLinks = zDataEnvelope(z.object({ id: z.uuid(), companyIds: z.array(z.uuid()) }));
  add({
    method: "PUT",
    url: `/${d.path}/:id/companies/:companyId`,
    summary: `Link the ${d.label} to a listed company`,
    access: can("profile.update"),
    params,
    response: ZLinks,
    handler: async (request) => {
      const { companyId } = request.params;
      const id = grantOf(request).profile.id;
      await profiles.requireListedProfile(ctx, companyId, ["company"], "The company");
      await repo.linkCompany(ctx.db, id, companyId, principalOf(request).userId);
      return envelope({ id, companyIds: await repo.companyIdsOf(ctx.db, id) });
    },
  });
  add({
    method: "DELETE",
    url: `/${d.path}/:id/companies/:companyId`,
    summary: `Unlink the ${d.label} from a company`,
    access: can("profile.update"),
    params,
    response: ZLinks,
    handler: async (request) => {
      const { companyId } = request.params;
      const id = grantOf(request).profile.id;
      if (!(await repo.unlinkCompany(ctx.db, id, companyId))) {
        throw notFound("That company link");
      }
      return envelope({ id, companyIds: await repo.companyIdsOf(ctx.db, id) });
    },
  });
}

const list = (values: unknown) =>
  Array.isArray(values)
    ? values.filter((v): v is string => typeof v === "string" && v.length > 0)
    : [];
const joinWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * A first description from a profile's structured fields, for the owner to edit. Deterministic and
 * offline; the assistant issue may replace it with a language model.
 */
export function draftDescription(d: TKindDescriptor, fields: Record<string, unknown>): string {
  const name =
    typeof fields.name === "string" && fields.name.trim() ? fields.name.trim() : `This ${d.label}`;
  const address = fields.address as { city?: string; state?: string } | null | undefined;
  const where = address?.city && address.state ? ` in ${address.city}, ${address.state}` : "";
  const sentences: string[] = [];
  const sports = list(fields.sports);
  const type = [
    fields.type,
    fields.businessCategory,
    fields.destinationType,
    fields.organizationType,
  ].find((v): v is string => typeof v === "string");
  sentences.push(
    `${name} is ${type ? `a ${type.toLowerCase()} ${d.kind === "event" ? "" : d.label}`.replace(/\s+$/, "") : `a ${d.label}`}${where}.`,
  );
  if (typeof fields.starRating === "number")
    sentences.push(
      `It is a ${fields.starRating}-star hotel${typeof fields.rooms === "number" ? ` with ${fields.rooms} rooms` : ""}.`,
    );
  if (sports.length) sentences.push(`It welcomes ${joinWords(sports)}.`);
  const amenities = list(fields.amenities).concat(list(fields.placeAttributes));
  if (amenities.length)
    sentences.push(`Guests enjoy ${joinWords(amenities.slice(0, 6).map((a) => a.toLowerCase()))}.`);
  if (typeof fields.startDate === "string" && typeof fields.endDate === "string")
    sentences.push(`It runs from ${fields.startDate} to ${fields.endDate}.`);
  const services = list(fields.services);
  if (services.length)
    sentences.push(
      `Event organizers can count on ${joinWords(services.map((s) => s.toLowerCase()))}.`,
    );
  if (typeof fields.website === "string") sentences.push(`Learn more at ${fields.website}.`);
  return sentences.join(" ");
}

/** `PUT /{kind}/ai/description`: a description drafted from the fields sent. */
export function registerDescriptionDraft(
  app: FastifyInstance,
  d: TKindDescriptor,
  ctx: profiles.TProfilesContext,
) {
  const { add } = profileRouteKit(app, d, ctx);
  add({
    method: "PUT",
    url: `/${d.path}/ai/description`,
    summary: `Draft a description from a ${d.label}'s fields`,
    access: access.signedIn,
    body: zDataBody(z.record(z.string(), z.unknown())),
    response: zDataEnvelope(z.object({ description: z.string() })),
    handler: async (request) =>
      envelope({
        description: draftDescription(d, request.body.data),
      }),
  });
}
