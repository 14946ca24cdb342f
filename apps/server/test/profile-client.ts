// How the profile suites call a kind's API: as one of the signed-in test people or anonymously,
// with JSON bodies or a multipart file, and how they create a listing.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { V } from "./helper";
import type { TTokens } from "./oidc-driver";
import { png as pngOf } from "./upload-fixtures";

export type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Both are read at call time: suites build the app and sign people in inside `beforeAll`. */
export function profileClient<TRole extends string>(
  app: () => FastifyInstance,
  tokens: () => Record<TRole, TTokens>,
) {
  type TWho = TRole | "anonymous";
  const auth = (who: TWho): Record<string, string> =>
    who === "anonymous" ? {} : { authorization: `Bearer ${tokens()[who as TRole].access_token}` };
  const url = (d: TKindDescriptor, route: string) =>
    `/${d.service}/api/${d.path}${route}${route.includes("?") ? "&" : "?"}${V}`;

  function call(d: TKindDescriptor, method: TMethod, route: string, who: TWho, payload?: unknown) {
    return app().inject({
      method,
      url: url(d, route),
      headers: auth(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  function upload(
    d: TKindDescriptor,
    route: string,
    who: TWho,
    file: Buffer,
    filename: string,
    method: "POST" | "PUT" = "POST",
  ) {
    const boundary = "----hostfield-profiles";
    return app().inject({
      method,
      url: url(d, route),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...auth(who) },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  async function createListing(d: TKindDescriptor, name: string, who: TRole) {
    const res = await call(d, "POST", "", who, {
      data: {
        name,
        address: {
          street: "1 Main St",
          city: "Louisville",
          state: "KY",
          postalCode: "40202",
          country: "US",
        },
        ...requiredFields(d),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Record<string, unknown> & { id: string };
  }

  /** `who` answers an invitation of theirs (accept or decline). */
  function answer(who: TRole, invitationId: string, reply: "accept" | "decline" = "accept") {
    return app().inject({
      method: "POST",
      url: `/user-mgmt/api/invitations/${invitationId}/${reply}?${V}`,
      headers: auth(who),
    });
  }

  /** `by` invites `who` (by their e-mail) to the listing's members, and `who` accepts: their member id. */
  async function join(d: TKindDescriptor, id: string, by: TWho, who: TRole, role: string) {
    const invited = await call(d, "POST", `/${id}/${d.memberWord}`, by, {
      data: { email: `${who}@example.com`, role },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await answer(who, invited.json().data.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().data.memberId as string;
  }

  return { call, upload, createListing, answer, join };
}

/** A small real PNG of one colour (different colours make different files). */
export const png = (color: string) => pngOf(40, 30, color);

/** The fields a kind needs at creation beyond its name (events have a type and dates). */
export const requiredFields = (d: TKindDescriptor): Record<string, unknown> =>
  d.kind === "event" ? { type: "Tournament", startDate: "2027-03-01", endDate: "2027-03-03" } : {};
