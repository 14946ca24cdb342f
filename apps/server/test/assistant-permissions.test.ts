// The permission matrix of every assistant route (below /assistant-mgmt/api) and of the tour-guide
// settings (below /destination-mgmt/api), called by an anonymous visitor, the person who asked, the
// destination's owner and manager, a plain member of it, a signed-in stranger and an admin. The
// expected outcomes restate the product's rules (docs/assistant.md), not policy.ts: the guide's
// settings are its destination's managers'; anyone who may see a destination asks its guide; an
// exchange is read by its asker, the destination's managers and admins, deleted by its asker and
// admins, rated and handed over by its asker alone; every exchange is the admins'. The inventory
// test fails when the module gains a route this table does not cover.
import { beforeAll, describe, expect, it } from "vitest";
import { expectCallers } from "./access-matrix";
import { ask, assistantSuite } from "./assistant-fixture";
import { createListed } from "./rfps-fixture";

const { api, app, world } = assistantSuite();
const { ok, call } = api;

const CALLERS = ["anonymous", "asker", "dmo", "deputy", "member", "stranger", "admin"] as const;
type TCaller = (typeof CALLERS)[number];
const SIGNED_IN = CALLERS.filter((c) => c !== "anonymous");
const MANAGERS: TCaller[] = ["dmo", "deputy", "admin"];
const READERS: TCaller[] = ["asker", "dmo", "deputy", "admin"];

let guideExchange: { id: string; answerId: string };
let rfpExchange: string;

beforeAll(async () => {
  const reply = await ok(
    ask(api, world().destinationId, "asker", { message: "Where can we play volleyball indoors?" }),
  );
  guideExchange = { id: reply.exchangeId, answerId: reply.answer.id };
  rfpExchange = (
    await ok(
      call("assistant-mgmt", "POST", "/assistants/rfp", "asker", {
        data: { message: "12U basketball tournament near Indianapolis in March" },
      }),
    )
  ).exchangeId;
});

const guideUrl = () => `/destinations/${world().destinationId}/tour-guide`;
const GUIDE_INPUT = {
  name: "Indy",
  greeting: "Hi!",
  tone: "friendly",
  suggestedQuestions: [],
  stressTopics: [],
  avoidTopics: [],
  handoffUserIds: [],
  isEnabled: true,
};
/** The configured guide's id, configuring it first when it is not. */
async function configuredGuide(): Promise<string> {
  const current = await ok(call("destination-mgmt", "GET", guideUrl(), "admin"));
  if (current.id) return current.id;
  return (
    await ok(call("destination-mgmt", "POST", guideUrl(), "admin", { data: GUIDE_INPUT }), 201)
  ).id;
}
async function defaultGuide() {
  const current = await ok(call("destination-mgmt", "GET", guideUrl(), "admin"));
  if (current.id)
    await ok(call("destination-mgmt", "DELETE", `${guideUrl()}/${current.id}`, "admin"));
}

/** Each row: a route of the table, and who gets through. */
const ROWS: {
  route: string;
  allowed: readonly TCaller[];
  anonymous?: "unauthorized" | "refused";
  send: (who: TCaller) => ReturnType<typeof call>;
  prepare?: () => Promise<void>;
}[] = [
  {
    route: "GET /destination-mgmt/api/destinations/:id/tour-guide",
    allowed: CALLERS,
    send: (who) => call("destination-mgmt", "GET", guideUrl(), who),
  },
  {
    route: "POST /destination-mgmt/api/destinations/:id/tour-guide",
    allowed: MANAGERS,
    prepare: defaultGuide,
    send: (who) => call("destination-mgmt", "POST", guideUrl(), who, { data: GUIDE_INPUT }),
  },
  {
    route: "PATCH /destination-mgmt/api/destinations/:id/tour-guide/:guideId",
    allowed: MANAGERS,
    send: async (who) =>
      call("destination-mgmt", "PATCH", `${guideUrl()}/${await configuredGuide()}`, who, [
        { op: "replace", path: "/greeting", value: `Hello from ${who}` },
      ]),
  },
  {
    route: "DELETE /destination-mgmt/api/destinations/:id/tour-guide/:guideId",
    allowed: MANAGERS,
    send: async (who) =>
      call("destination-mgmt", "DELETE", `${guideUrl()}/${await configuredGuide()}`, who),
  },
  {
    route: "POST /assistant-mgmt/api/assistants/destinations/:destId/tour-guide",
    allowed: CALLERS,
    send: (who) => ask(api, world().destinationId, who, { message: "What events are coming up?" }),
  },
  {
    route: "GET /assistant-mgmt/api/assistants/destinations/:destId/tour-guide/questions",
    allowed: CALLERS,
    send: (who) =>
      call(
        "assistant-mgmt",
        "GET",
        `/assistants/destinations/${world().destinationId}/tour-guide/questions`,
        who,
      ),
  },
  {
    route:
      "GET /assistant-mgmt/api/assistants/destinations/:destId/tour-guide/:exchangeId/questions",
    allowed: READERS,
    anonymous: "refused",
    send: (who) =>
      call(
        "assistant-mgmt",
        "GET",
        `/assistants/destinations/${world().destinationId}/tour-guide/${guideExchange.id}/questions`,
        who,
      ),
  },
  {
    route: "POST /assistant-mgmt/api/assistants/rfp",
    allowed: SIGNED_IN,
    send: (who) =>
      call("assistant-mgmt", "POST", "/assistants/rfp", who, {
        data: { message: "Soccer in June" },
      }),
  },
  {
    route: "GET /assistant-mgmt/api/assistants/rfp/questions",
    allowed: ["asker"],
    send: (who) =>
      call("assistant-mgmt", "GET", `/assistants/rfp/questions?context=${rfpExchange}`, who),
  },
  {
    route: "GET /assistant-mgmt/api/exchanges",
    allowed: ["admin"],
    send: (who) => call("assistant-mgmt", "GET", "/exchanges", who),
  },
  {
    route: "POST /assistant-mgmt/api/exchanges/search",
    allowed: ["admin"],
    send: (who) =>
      call("assistant-mgmt", "POST", "/exchanges/search", who, { data: { rating: "down" } }),
  },
  {
    route: "GET /assistant-mgmt/api/exchanges/my",
    allowed: SIGNED_IN,
    send: (who) => call("assistant-mgmt", "GET", "/exchanges/my", who),
  },
  {
    route: "POST /assistant-mgmt/api/exchanges/my/search",
    allowed: SIGNED_IN,
    send: (who) => call("assistant-mgmt", "POST", "/exchanges/my/search", who, { data: {} }),
  },
  {
    route: "POST /assistant-mgmt/api/exchanges/destinations/:destId/search",
    allowed: MANAGERS,
    send: (who) =>
      call(
        "assistant-mgmt",
        "POST",
        `/exchanges/destinations/${world().destinationId}/search`,
        who,
        {
          data: {},
        },
      ),
  },
  {
    route: "GET /assistant-mgmt/api/exchanges/:id",
    allowed: READERS,
    anonymous: "refused",
    send: (who) => call("assistant-mgmt", "GET", `/exchanges/${guideExchange.id}`, who),
  },
  {
    route: "GET /assistant-mgmt/api/exchanges/:id/messages",
    allowed: READERS,
    anonymous: "refused",
    send: (who) => call("assistant-mgmt", "GET", `/exchanges/${guideExchange.id}/messages`, who),
  },
  {
    route: "PUT /assistant-mgmt/api/exchanges/:id/messages/:messageId/feedback",
    allowed: ["asker"],
    anonymous: "refused",
    send: (who) =>
      call(
        "assistant-mgmt",
        "PUT",
        `/exchanges/${guideExchange.id}/messages/${guideExchange.answerId}/feedback`,
        who,
        { data: { rating: "up" } },
      ),
  },
  {
    route: "POST /assistant-mgmt/api/exchanges/:id/handoff",
    allowed: ["asker"],
    send: (who) =>
      call("assistant-mgmt", "POST", `/exchanges/${guideExchange.id}/handoff`, who, {}),
  },
];

describe("who may call each assistant route", () => {
  for (const row of ROWS) {
    it(row.route, async () => {
      await expectCallers(CALLERS, row.allowed, row.send, {
        ...(row.prepare ? { prepare: row.prepare } : {}),
        anonymousRefused: row.anonymous ?? "unauthorized",
      });
    });
  }

  it("deletes an exchange for its asker and admins only", async () => {
    const fresh = async () =>
      (await ok(ask(api, world().destinationId, "asker", { message: "Hotels near downtown?" })))
        .exchangeId;
    const outcomes: Record<string, number> = {};
    for (const who of CALLERS) {
      const id = await fresh();
      outcomes[who] = (await call("assistant-mgmt", "DELETE", `/exchanges/${id}`, who)).statusCode;
    }
    // Managers read it but may not delete it (403); everyone else is not told it exists (404).
    expect(outcomes).toEqual({
      anonymous: 401,
      asker: 200,
      dmo: 403,
      deputy: 403,
      member: 404,
      stranger: 404,
      admin: 200,
    });
  });

  it("covers every route of the module", () => {
    const covered = new Set([
      ...ROWS.map((r) => r.route),
      "DELETE /assistant-mgmt/api/exchanges/:id",
    ]);
    const routes = app()
      .routeTable.filter(
        (r) =>
          r.method !== "HEAD" &&
          (r.url.startsWith("/assistant-mgmt/api/") || r.url.includes("/tour-guide")),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });
});

describe("a guide that is off, a destination still pending", () => {
  it("offers no guide while it is off, but lets its managers try it", async () => {
    const id = await configuredGuide();
    await ok(
      call("destination-mgmt", "PATCH", `${guideUrl()}/${id}`, "dmo", [
        { op: "replace", path: "/isEnabled", value: false },
      ]),
    );
    const send = (who: TCaller) => ask(api, world().destinationId, who, { message: "Hotels?" });
    await expectCallers(CALLERS, ["dmo", "deputy", "admin"], send, { anonymousRefused: "refused" });
    await ok(
      call("destination-mgmt", "PATCH", `${guideUrl()}/${id}`, "dmo", [
        { op: "replace", path: "/isEnabled", value: true },
      ]),
    );
  });

  it("answers for a pending destination only to its people and admins", async () => {
    const pending = await createListed(api, "destination", "dmo", {
      name: "Pending Bureau",
      at: "carmel",
      pending: true,
    });
    await expectCallers(
      CALLERS,
      ["dmo", "admin"],
      (who) => ask(api, pending, who, { message: "What events are coming up?" }),
      { anonymousRefused: "refused" },
    );
  });
});

describe("limits", () => {
  it("refuses a question longer than 1,000 characters with a clear 400", async () => {
    const res = await ask(api, world().destinationId, "asker", { message: "x".repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("ends an exchange at 40 messages: the next question starts a new one", async () => {
    const first = await ok(ask(api, world().destinationId, "asker", { message: "Venues?" }));
    for (let i = 1; i < 20; i++) {
      await ok(
        ask(api, world().destinationId, "asker", {
          message: `Venues ${i}?`,
          exchangeId: first.exchangeId,
        }),
      );
    }
    const full = await ask(api, world().destinationId, "asker", {
      message: "More?",
      exchangeId: first.exchangeId,
    });
    expect(full.statusCode).toBe(409);
  });
});
