// Test-only MSW handlers for the seven listing kinds' list calls (`/my`, `/my/liked`,
// `/my/followed`, admin's `/filtered`), answering the listings a test gives per kind, paged by the
// request; kinds not given have none. And the e-mail settings of /account.
import {
  EMAIL_CATEGORIES,
  type TEmailPreferences,
  ZEmailPreferences,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { http } from "msw";
import { dataReply, pageReply } from "../../../test/msw";
import type { TProfile } from "../../profiles";
import { profileSchema } from "../../profiles/testing";
import { LISTING_KINDS } from "../listing-kinds";

/** The base path of a listing kind's calls, e.g. /hotel-mgmt/api/hotels. */
export const kindBase = (kind: (typeof LISTING_KINDS)[number]) =>
  `/${kind.service}/api/${kind.path}`;

/** One list call (`rest`, e.g. "/my") of every kind, answering `byKind`. */
export function listingLists(
  method: "GET" | "POST",
  rest: string,
  byKind: Partial<Record<TProfileKind, readonly TProfile[]>>,
) {
  const on = method === "GET" ? http.get : http.post;
  return LISTING_KINDS.map((kind) =>
    on(`${kindBase(kind)}${rest}`, ({ request }) =>
      pageReply(profileSchema(kind.kind), byKind[kind.kind] ?? [], request),
    ),
  );
}

/**
 * The e-mail settings of /account, kept per user for the test: every category `instant` unless
 * `initial` says otherwise; a PUT changes the categories it names.
 */
export function emailPreferenceHandlers(initial: Partial<TEmailPreferences> = {}) {
  const stored = new Map<string, TEmailPreferences>();
  const of = (userId: string): TEmailPreferences =>
    stored.get(userId) ?? {
      ...(Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, "instant"])) as TEmailPreferences),
      ...initial,
    };
  const path = "/user-mgmt/api/users/:id/email-preferences";
  return [
    http.get(path, ({ params }) => dataReply(ZEmailPreferences, of(String(params.id)))),
    http.put(path, async ({ params, request }) => {
      const body = (await request.json()) as { data: Partial<TEmailPreferences> };
      const next = { ...of(String(params.id)), ...body.data };
      stored.set(String(params.id), next);
      return dataReply(ZEmailPreferences, next);
    }),
  ];
}
