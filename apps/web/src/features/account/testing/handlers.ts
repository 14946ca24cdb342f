// Test-only MSW handlers for the seven listing kinds' list calls (`/my`, `/my/liked`,
// `/my/followed`, admin's `/filtered`), answering the listings a test gives per kind, paged by the
// request; kinds not given have none. And the e-mail settings of /account.
import {
  EMAIL_CATEGORIES,
  type TEmailPreferences,
  type TPushPreferences,
  ZEmailPreferences,
  ZPushPreferences,
  ZPushPublicKey,
  ZPushSubscription,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { HttpResponse, http } from "msw";
import { dataReply, errorReply, pageReply } from "../../../test/msw";
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
 * The e-mail and push settings of /account, kept per user and channel for the test: every
 * category `instant` unless `initial` says otherwise; a PUT changes the categories it names.
 */
export function notificationPreferenceHandlers(
  initial: { email?: Partial<TEmailPreferences>; push?: Partial<TPushPreferences> } = {},
) {
  const channels = [
    { channel: "email", schema: ZEmailPreferences },
    { channel: "push", schema: ZPushPreferences },
  ] as const;
  return channels.flatMap(({ channel, schema }) => {
    // Push's modes are e-mail's but the digest; each reply is still checked against its own schema.
    type TPrefs = TEmailPreferences;
    const reply = (prefs: TPrefs) => dataReply(schema as typeof ZEmailPreferences, prefs);
    const stored = new Map<string, TPrefs>();
    const of = (userId: string): TPrefs =>
      stored.get(userId) ?? {
        ...(Object.fromEntries(EMAIL_CATEGORIES.map((c) => [c, "instant"])) as TPrefs),
        ...initial[channel],
      };
    const path = `/user-mgmt/api/users/:id/${channel}-preferences`;
    return [
      http.get(path, ({ params }) => reply(of(String(params.id)))),
      http.put(path, async ({ params, request }) => {
        const body = (await request.json()) as { data: Partial<TPrefs> };
        const next = { ...of(String(params.id)), ...body.data };
        stored.set(String(params.id), next);
        return reply(next);
      }),
    ];
  });
}

/** A member's devices for push: the server's public key, and subscriptions kept by endpoint. */
export function pushDeviceHandlers(publicKey: string) {
  const devices = new Map<string, { id: string; endpoint: string; createdDate: string }>();
  const path = "/user-mgmt/api/users/:id/push-subscriptions";
  return [
    http.get("/user-mgmt/api/push/public-key", () => dataReply(ZPushPublicKey, { publicKey })),
    http.post(path, async ({ request }) => {
      const { data } = (await request.json()) as { data: { endpoint: string } };
      const device = {
        id: crypto.randomUUID(),
        endpoint: data.endpoint,
        createdDate: new Date().toISOString(),
      };
      devices.set(data.endpoint, device);
      return dataReply(ZPushSubscription, device, { status: 201 });
    }),
    http.delete(path, ({ request }) => {
      const endpoint = new URL(request.url).searchParams.get("endpoint") ?? "";
      if (!devices.delete(endpoint))
        return errorReply(404, "NOT_FOUND", "The push subscription was not found.");
      return HttpResponse.json({ data: { deleted: true } });
    }),
  ];
}
