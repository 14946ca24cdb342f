// The calls every listing kind shares, addressed through the kind table: the profile itself, its
// entitlements, reactions, images and documents, members, and the simple children. Replies are
// checked by hand for the fields the pages use (lib/reply-shape): this module loads with every
// listing page, for visitors too. apiPost and apiPut wrap their body in `{data}` themselves.
import type {
  TInvitationAnswer,
  TPatchOperation,
  TProfileBase,
  TProfileInvitation,
  TProfileListFilter,
  TProfileMedia,
  TProfileMember,
  ZFacilityDestination,
  ZFacilityRatings,
  ZNamedChild,
  ZProfileBoost,
  ZProfilePartner,
  ZProfileSpaceType,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import type { z } from "zod";
import {
  ApiError,
  apiDelete,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiPut,
  apiUpload,
  INVALID_RESPONSE,
  type TListResult,
  type TParser,
} from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";
import { LISTING_PAGE_SHAPE, listingParser } from "./listing-reply";
import { kindConfig, type TChildSegment } from "./profile-kinds";

const enc = encodeURIComponent;

/** A listing of any kind: the shared fields, sports and flags, plus the kind's own fields. */
export type TProfile = TProfileBase & {
  sports: string[];
  boosted: boolean;
  /** Placed at the head of a best-match page by its boost (search results and kind lists). */
  sponsored: boolean;
  distanceMiles?: number | null;
  myReaction?: boolean;
} & { [field: string]: unknown };

export type TNamedChild = z.infer<typeof ZNamedChild>;
export type TSpaceTypeItem = z.infer<typeof ZProfileSpaceType>;
export type TBoost = z.infer<typeof ZProfileBoost>;
export type TPartner = z.infer<typeof ZProfilePartner>;
export type TFacilityDestination = z.infer<typeof ZFacilityDestination>;
export type TFacilityRatings = z.infer<typeof ZFacilityRatings>;
export type { TInvitationAnswer, TProfileInvitation, TProfileMedia, TProfileMember };
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

const CHILD = { id: "string", profileId: "string" } as const;
const CHILD_PARSERS: { [S in TSimpleSegment]: TParser<TChildItem[S]> } = {
  sports: shapeParser("A sport", { ...CHILD, name: "string" }),
  amenities: shapeParser("An amenity", { ...CHILD, name: "string" }),
  spaceTypes: shapeParser("A space type", {
    ...CHILD,
    name: "string",
    surface: "string",
    count: "number",
    location: "string",
    additionalFeatures: "array",
    dayPrice: "object?",
  }),
  boosts: shapeParser("A boost", { ...CHILD, startDate: "string", endDate: "string" }),
  partners: shapeParser("A partner", {
    ...CHILD,
    partner: { id: "string", kind: "string", name: "string", logo: "string?" },
    image: "string?",
  }),
};
const profileParser = listingParser<TProfile>("The listing", LISTING_PAGE_SHAPE);
const mediaParser = shapeParser<TProfileMedia>("A file", {
  ...CHILD,
  title: "string",
  url: "string",
  contentType: "string",
  size: "number",
  width: "number?",
  height: "number?",
});
const memberParser = shapeParser<TProfileMember>("A member", {
  id: "string",
  userId: "string",
  name: "string",
  avatarUrl: "string?",
  role: "string",
  staffRole: "string?",
  inherited: "boolean",
});
const invitationParser = shapeParser<TProfileInvitation>("An invitation", {
  id: "string",
  profileId: "string",
  profile: { id: "string", kind: "string", name: "string", logo: "string?" },
  invitee: { userId: "string?", name: "string?", email: "string?" },
  role: "string",
  createdDate: "string",
});
const answerParser = shapeParser<TInvitationAnswer>("The answer", {
  id: "string",
  answer: "string",
  profileId: "string",
});
const abilitiesParser: TParser<string[]> = {
  parse(value) {
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
    throw new ApiError(
      INVALID_RESPONSE,
      "The abilities in the reply were not a list of names.",
      200,
    );
  },
};

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
  child: (
    kind: TProfileKind,
    id: string,
    segment: TChildSegment | "members" | "invitations" | "destinations",
  ) => ["profiles", kind, "one", id, segment] as const,
  /** The signed-in user's invitations to listings. */
  myInvitations: ["profiles", "invitations", "my"] as const,
  ratings: (id: string) => ["profiles", "facility", "one", id, "ratings"] as const,
};

const one = (kind: TProfileKind, id: string) => `${kindConfig(kind).apiBase}/${enc(id)}`;
const ALL = { offset: 0, take: 100 };

// ---- the listing ----

export function getProfile(kind: TProfileKind, id: string): Promise<TProfile> {
  return apiGet(one(kind, id), { schema: profileParser });
}

export function getAbilities(kind: TProfileKind, id: string): Promise<string[]> {
  return apiGet(`${one(kind, id)}/my/entitlements`, { schema: abilitiesParser });
}

export function listProfiles(
  kind: TProfileKind,
  filter: TProfileListFilter,
  page: { offset?: number; take?: number } = {},
): Promise<TListResult<TProfile>> {
  return apiPostList(`${kindConfig(kind).apiBase}/filtered`, filter, {
    query: { offset: page.offset ?? 0, take: page.take ?? 20 },
    schema: profileParser,
  });
}

export function createProfile(kind: TProfileKind, body: Record<string, unknown>) {
  return apiPost(kindConfig(kind).apiBase, body, { schema: profileParser });
}

export function patchProfile(kind: TProfileKind, id: string, operations: TPatchOperation[]) {
  return apiPatch(one(kind, id), operations, { schema: profileParser });
}

export function deleteProfile(kind: TProfileKind, id: string): Promise<unknown> {
  return apiDelete(one(kind, id));
}

export function approveProfile(kind: TProfileKind, id: string) {
  return apiPut(`${one(kind, id)}/approve`, undefined, { schema: profileParser });
}

const groupIdParser: TParser<string> = {
  parse(value) {
    if (typeof value === "string" && value !== "") return value;
    throw new ApiError(INVALID_RESPONSE, "The reply named no conversation.", 200);
  },
};

/** Opens (or reopens) my conversation with the listing's team; resolves to its group id. */
export function messageListing(kind: TProfileKind, id: string): Promise<string> {
  return apiPost(`${one(kind, id)}/message`, undefined, { schema: groupIdParser });
}

export type TReactionCount = { id: string; count: number; mine: boolean };
const reactionParser = shapeParser<TReactionCount>("The reaction", {
  id: "string",
  count: "number",
  mine: "boolean",
});

/** Likes or follows (the kind says which); idempotent both ways. */
export function setReaction(kind: TProfileKind, id: string, on: boolean): Promise<TReactionCount> {
  const path = `${one(kind, id)}/${kindConfig(kind).reaction}`;
  return on
    ? apiPost(path, undefined, { schema: reactionParser })
    : apiDelete(path, { schema: reactionParser });
}

// ---- images and documents ----

export function listMedia(
  kind: TProfileKind,
  id: string,
  segment: TMediaSegment,
): Promise<TListResult<TProfileMedia>> {
  return apiGetList(`${one(kind, id)}/${segment}`, { query: ALL, schema: mediaParser });
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
    schema: mediaParser,
  });
}

/** A business's own picture of a partnership (the link's id; it replaces the previous one). */
export function uploadPartnerPicture(linkId: string, file: File): Promise<TPartner> {
  return apiUpload(
    `${kindConfig("business").apiBase}/partners/${enc(linkId)}/images`,
    fileForm(file),
    {
      schema: CHILD_PARSERS.partners,
    },
  );
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
    schema: mediaParser,
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
    { schema: mediaParser },
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
    schema: mediaParser,
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
  return apiGetList(members(kind, id), { query: ALL, schema: memberParser });
}

/** Invites someone: they join when they accept. */
export function addMember(
  kind: TProfileKind,
  id: string,
  input: { email: string; role: TMemberRole },
): Promise<TProfileInvitation> {
  return apiPost(members(kind, id), input, { schema: invitationParser });
}

/** The listing's pending invitations (for its owners and managers). */
export function listInvitations(
  kind: TProfileKind,
  id: string,
): Promise<TListResult<TProfileInvitation>> {
  return apiGetList(`${members(kind, id)}/invitations`, { query: ALL, schema: invitationParser });
}

export function revokeInvitation(
  kind: TProfileKind,
  id: string,
  invitationId: string,
): Promise<unknown> {
  return apiDelete(`${members(kind, id)}/invitations/${enc(invitationId)}`);
}

// ---- my invitations (the invitee's side, across kinds) ----

const INVITATIONS_PATH = "/user-mgmt/api/invitations";

export function listMyInvitations(): Promise<TListResult<TProfileInvitation>> {
  return apiGetList(`${INVITATIONS_PATH}/my`, { schema: invitationParser });
}

export function answerInvitation(
  invitationId: string,
  answer: "accept" | "decline",
): Promise<TInvitationAnswer> {
  return apiPost(`${INVITATIONS_PATH}/${enc(invitationId)}/${answer}`, undefined, {
    schema: answerParser,
  });
}

export function patchMember(
  kind: TProfileKind,
  id: string,
  memberId: string,
  operations: TPatchOperation[],
): Promise<TProfileMember> {
  return apiPatch(`${members(kind, id)}/${enc(memberId)}`, operations, { schema: memberParser });
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
    schema: CHILD_PARSERS[segment],
  });
}

export function addChild<S extends TSimpleSegment>(
  kind: TProfileKind,
  id: string,
  segment: S,
  input: Record<string, unknown>,
): Promise<TChildItem[S]> {
  return apiPost(`${one(kind, id)}/${segment}`, input, {
    schema: CHILD_PARSERS[segment],
  });
}

/** Changes one child with JSON Patch (a space type's day price). */
export function patchChild<S extends TSimpleSegment>(
  kind: TProfileKind,
  id: string,
  segment: S,
  childId: string,
  operations: TPatchOperation[],
): Promise<TChildItem[S]> {
  return apiPatch(`${one(kind, id)}/${segment}/${enc(childId)}`, operations, {
    schema: CHILD_PARSERS[segment],
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
    schema: shapeParser("A destination", {
      id: "string",
      destination: { id: "string", name: "string", logo: "string?" },
    }),
  });
}

export function getFacilityRatings(id: string): Promise<TFacilityRatings> {
  return apiGet(`${one("facility", id)}/ratings`, {
    schema: shapeParser("The ratings", {
      count: "number",
      average: "number?",
      distribution: "array",
    }),
  });
}
