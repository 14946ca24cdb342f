// The calls every listing kind shares, addressed through the kind table: the profile itself, its
// entitlements, reactions, images and documents, members, and the simple children. Replies are
// checked against the domain contracts. apiPost and apiPut wrap their body in `{data}` themselves.
import {
  type TPatchOperation,
  type TProfileBase,
  type TProfileListFilter,
  type TProfileMedia,
  type TProfileMember,
  ZFacilityDestination,
  ZFacilityRatings,
  ZNamedChild,
  ZProfileBoost,
  ZProfileMedia,
  ZProfileMember,
  ZProfilePartner,
  ZProfileSpaceType,
  zProfile,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { z } from "zod";
import {
  apiDelete,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  apiUpload,
  type TListResult,
} from "../../lib/api";
import { kindConfig, type TChildSegment } from "./profile-kinds";

const enc = encodeURIComponent;

/** A listing of any kind: the shared fields, sports and flags, plus the kind's own fields. */
// zProfile's generic return type does not survive inference, so the shape is spelled out here.
export type TProfile = TProfileBase & {
  sports: string[];
  boosted: boolean;
  distanceMiles?: number | null;
  myReaction?: boolean;
} & { [field: string]: unknown };

export type TNamedChild = z.infer<typeof ZNamedChild>;
export type TSpaceTypeItem = z.infer<typeof ZProfileSpaceType>;
export type TBoost = z.infer<typeof ZProfileBoost>;
export type TPartner = z.infer<typeof ZProfilePartner>;
export type TFacilityDestination = z.infer<typeof ZFacilityDestination>;
export type TFacilityRatings = z.infer<typeof ZFacilityRatings>;
export type { TProfileMedia, TProfileMember };
export type TMediaSegment = "images" | "documents";
export type TMemberRole = TProfileMember["role"];

/** What each simple child collection holds. */
export type TChildItem = {
  sports: TNamedChild;
  amenities: TNamedChild;
  spaceTypes: TSpaceTypeItem;
  boosts: TBoost;
  partners: TPartner;
};
export type TSimpleSegment = keyof TChildItem;

const CHILD_SCHEMAS: { [S in TSimpleSegment]: z.ZodType<TChildItem[S]> } = {
  sports: ZNamedChild,
  amenities: ZNamedChild,
  spaceTypes: ZProfileSpaceType,
  boosts: ZProfileBoost,
  partners: ZProfilePartner,
};

const schemas = new Map<TProfileKind, z.ZodType<TProfile>>();
/** The kind's own reply schema (its detail fields checked too), built once per kind. */
function profileSchema(kind: TProfileKind): z.ZodType<TProfile> {
  let schema = schemas.get(kind);
  if (!schema) {
    schema = zProfile(kindConfig(kind).detail).loose() as unknown as z.ZodType<TProfile>;
    schemas.set(kind, schema);
  }
  return schema;
}

export const profileKeys = {
  all: ["profiles"] as const,
  kind: (kind: TProfileKind) => ["profiles", kind] as const,
  lists: (kind: TProfileKind) => ["profiles", kind, "list"] as const,
  list: (kind: TProfileKind, filter: TProfileListFilter) =>
    ["profiles", kind, "list", filter] as const,
  /** Everything about one listing starts with this. */
  one: (kind: TProfileKind, id: string) => ["profiles", kind, "one", id] as const,
  profile: (kind: TProfileKind, id: string, viewer: string) =>
    ["profiles", kind, "one", id, "profile", viewer] as const,
  abilities: (kind: TProfileKind, id: string, viewer: string) =>
    ["profiles", kind, "one", id, "abilities", viewer] as const,
  child: (kind: TProfileKind, id: string, segment: TChildSegment | "members" | "destinations") =>
    ["profiles", kind, "one", id, segment] as const,
  ratings: (id: string) => ["profiles", "facility", "one", id, "ratings"] as const,
};

const one = (kind: TProfileKind, id: string) => `${kindConfig(kind).apiBase}/${enc(id)}`;
const ALL = { offset: 0, take: 100 };

// ---- the listing ----

export function getProfile(kind: TProfileKind, id: string): Promise<TProfile> {
  return apiGet(one(kind, id), { schema: profileSchema(kind) });
}

export function getAbilities(kind: TProfileKind, id: string): Promise<string[]> {
  return apiGet(`${one(kind, id)}/my/entitlements`, { schema: z.array(z.string()) });
}

export function listProfiles(
  kind: TProfileKind,
  filter: TProfileListFilter,
  page: { offset?: number; take?: number } = {},
): Promise<TListResult<TProfile>> {
  return apiPostList(`${kindConfig(kind).apiBase}/filtered`, filter, {
    query: { offset: page.offset ?? 0, take: page.take ?? 20 },
    schema: profileSchema(kind),
  });
}

export function createProfile(kind: TProfileKind, body: Record<string, unknown>) {
  return apiPost(kindConfig(kind).apiBase, body, { schema: profileSchema(kind) });
}

export function patchProfile(kind: TProfileKind, id: string, operations: TPatchOperation[]) {
  return apiPatch(one(kind, id), operations, { schema: profileSchema(kind) });
}

export function deleteProfile(kind: TProfileKind, id: string): Promise<unknown> {
  return apiDelete(one(kind, id));
}

export function approveProfile(kind: TProfileKind, id: string) {
  return apiPut(`${one(kind, id)}/approve`, undefined, { schema: profileSchema(kind) });
}

const ZReactionCount = z.object({ id: z.string(), count: z.number(), mine: z.boolean() });
export type TReactionCount = z.infer<typeof ZReactionCount>;

/** Likes or follows (the kind says which); idempotent both ways. */
export function setReaction(kind: TProfileKind, id: string, on: boolean): Promise<TReactionCount> {
  const path = `${one(kind, id)}/${kindConfig(kind).reaction}`;
  return on
    ? apiPost(path, undefined, { schema: ZReactionCount })
    : apiDelete(path, { schema: ZReactionCount });
}

// ---- images and documents ----

export function listMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
): Promise<TListResult<TProfileMedia>> {
  return apiGetList(`${one(kind, id)}/${segment}`, { query: ALL, schema: ZProfileMedia });
}

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

export function uploadMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<TProfileMedia> {
  return apiUpload(`${one(kind, id)}/${segment}`, fileForm(file), {
    onProgress,
    schema: ZProfileMedia,
  });
}

/** Replaces a file's content (`PUT …/{childId}/file`), with progress. */
export function replaceMediaFile(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
  mediaId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<TProfileMedia> {
  return apiUpload(`${one(kind, id)}/${segment}/${enc(mediaId)}/file`, fileForm(file), {
    method: "PUT",
    onProgress,
    schema: ZProfileMedia,
  });
}

/** Moves one file to just after another (`afterId` null: to the front). */
export function moveMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
  mediaId: string,
  afterId: string | null,
): Promise<TProfileMedia> {
  return apiPut(
    `${one(kind, id)}/${segment}/sort`,
    { id: mediaId, afterId },
    { schema: ZProfileMedia },
  );
}

export function patchMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
  mediaId: string,
  operations: TPatchOperation[],
): Promise<TProfileMedia> {
  return apiPatch(`${one(kind, id)}/${segment}/${enc(mediaId)}`, operations, {
    schema: ZProfileMedia,
  });
}

export function deleteMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
  mediaId: string,
): Promise<unknown> {
  return apiDelete(`${one(kind, id)}/${segment}/${enc(mediaId)}`);
}

// ---- members or managers ----

const members = (kind: TProfileKind, id: string) =>
  `${one(kind, id)}/${kindConfig(kind).memberWord}`;

export function listMembers(kind: TProfileKind, id: string): Promise<TListResult<TProfileMember>> {
  return apiGetList(members(kind, id), { query: ALL, schema: ZProfileMember });
}

export function addMember(
  kind: TProfileKind,
  id: string,
  input: { email: string; role: TMemberRole },
): Promise<TProfileMember> {
  return apiPost(members(kind, id), input, { schema: ZProfileMember });
}

export function patchMember(
  kind: TProfileKind,
  id: string,
  memberId: string,
  operations: TPatchOperation[],
): Promise<TProfileMember> {
  return apiPatch(`${members(kind, id)}/${enc(memberId)}`, operations, { schema: ZProfileMember });
}

export function removeMember(kind: TProfileKind, id: string, memberId: string): Promise<unknown> {
  return apiDelete(`${members(kind, id)}/${enc(memberId)}`);
}

// ---- sports, amenities, space types, boosts, partners ----

export function listChildren<S extends TSimpleSegment>(
  kind: TProfileKind,
  id: string,
  segment: S,
): Promise<TListResult<TChildItem[S]>> {
  return apiGetList(`${one(kind, id)}/${segment}`, {
    query: ALL,
    schema: CHILD_SCHEMAS[segment] as z.ZodType<TChildItem[S]>,
  });
}

export function addChild<S extends TSimpleSegment>(
  kind: TProfileKind,
  id: string,
  segment: S,
  input: Record<string, unknown>,
): Promise<TChildItem[S]> {
  return apiPost(`${one(kind, id)}/${segment}`, input, {
    schema: CHILD_SCHEMAS[segment] as z.ZodType<TChildItem[S]>,
  });
}

export function removeChild(
  kind: TProfileKind,
  id: string,
  segment: TSimpleSegment,
  childId: string,
): Promise<unknown> {
  return apiDelete(`${one(kind, id)}/${segment}/${enc(childId)}`);
}

// ---- facility extras ----

export function listFacilityDestinations(id: string): Promise<TListResult<TFacilityDestination>> {
  return apiGetList(`${one("facility", id)}/destinations`, {
    query: ALL,
    schema: ZFacilityDestination,
  });
}

export function getFacilityRatings(id: string): Promise<TFacilityRatings> {
  return apiGet(`${one("facility", id)}/ratings`, { schema: ZFacilityRatings });
}
