// A proposal's attachments over http: the venue uploads files to its lead (PDF, images, Word and
// Excel of 10 MB at most, told by content; bad files refused with a code and nothing stored), names
// them in its proposal (only its own lead's uploads, at most 10), and both sides of the lead
// download them, version by version; nobody else does, and /media never serves them.
import { randomUUID } from "node:crypto";
import { addDays } from "@hostfield/domain/rules";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  addMember,
  createEvent,
  createListed,
  draftRequest,
  indoorCourts,
  move,
  rfpSuite,
  sendToFacilities,
} from "./rfps-fixture";
import { MB, office, pdf, png, storedFiles } from "./upload-fixtures";

const PEOPLE = ["organizer", "alice", "member", "bob", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number] | "anonymous";
const ids = {} as Record<"indy" | "carmel", string>;
const { clock, api, app, ev, ok } = rfpSuite(PEOPLE, async () => {
  const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)] };
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    tier: "Silver",
    ...qualifying,
  });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    tier: "Gold",
    ...qualifying,
  });
  await addMember(api, "facility", ids.indy, "member", "member");
});

const DAYS = ["2030-06-12", "2030-06-13", "2030-06-14"];
const today = () => clock.now().toISOString().slice(0, 10);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type TAttachment = { id: string; name: string; size: number; contentType: string };

/** A fresh event with one request sent to both facilities; its leads by venue. */
async function bids(name: string) {
  const eventId = await createEvent(api, "organizer", name);
  const requestId = await draftRequest(api, "organizer", eventId);
  const [indy, carmel] = await sendToFacilities(api, "organizer", eventId, requestId, [
    ids.indy,
    ids.carmel,
  ]);
  return { eventId, indy: indy!, carmel: carmel! };
}

const files = (eventId: string, leadId: string) => `/events/${eventId}/leads/${leadId}/attachments`;
const upload = (
  eventId: string,
  leadId: string,
  who: TPerson,
  file: Buffer | null,
  name?: string,
) => api.upload(files(eventId, leadId), who, file, name);
const uploaded = async (eventId: string, leadId: string, file: Buffer, name: string) =>
  ok<TAttachment>(upload(eventId, leadId, "alice", file, name), 201);
const download = (eventId: string, leadId: string, id: string, who: TPerson) =>
  ev("GET", `${files(eventId, leadId)}/${id}`, who);

const proposal = (attachments: unknown[], over: Record<string, unknown> = {}) => ({
  message: "Four courts; the floor plan and our rates are attached.",
  dates: DAYS,
  price: 4800,
  priceUnit: "Total",
  expiresOn: addDays(today(), 14),
  attachments,
  ...over,
});
const answer = (eventId: string, leadId: string, attachments: unknown[], who: TPerson = "alice") =>
  ev(
    "PATCH",
    `/events/${eventId}/leads/${leadId}`,
    who,
    move("Interested", { proposal: proposal(attachments) }),
  );
const revise = (eventId: string, leadId: string, attachments: unknown[]) =>
  ev("PATCH", `/events/${eventId}/leads/${leadId}`, "alice", [
    { op: "replace", path: "/proposal", value: proposal(attachments) },
  ]);

const leadFiles = () => storedFiles(app().config.dataDir).filter((f) => f.startsWith("leads/"));
const refusal = (res: LightMyRequestResponse) => [res.statusCode, res.json().error?.code];

describe("a proposal's attachments", () => {
  it("are uploaded by the venue, sent with its proposal, and downloaded by both sides as sent", async () => {
    const { eventId, indy } = await bids("Attached Cup");
    const plan = pdf(2000);
    const floorPlan = await uploaded(eventId, indy, plan, "Floor plan.pdf");
    expect(floorPlan).toEqual({
      id: expect.any(String),
      name: "Floor plan.pdf",
      size: plan.length,
      contentType: "application/pdf",
    });
    const photo = await uploaded(eventId, indy, await png(64, 48), "court.PNG");
    const jpeg = await uploaded(
      eventId,
      indy,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer(),
      "lobby.jpg",
    );
    const webp = await uploaded(
      eventId,
      indy,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .webp()
        .toBuffer(),
      "gym.webp",
    );
    const rates = await uploaded(eventId, indy, office("xlsx"), "Rates.xlsx");
    const terms = await uploaded(eventId, indy, office("docx"), "Terms.docx");
    expect(
      [photo, jpeg, webp, rates, terms].map((a) => [a.name, a.contentType, a.size > 0]),
    ).toEqual([
      ["court.PNG", "image/png", true],
      ["lobby.jpg", "image/jpeg", true],
      ["gym.webp", "image/webp", true],
      ["Rates.xlsx", XLSX, true],
      ["Terms.docx", DOCX, true],
    ]);

    // Not sent yet: the organizer cannot read it.
    expect((await download(eventId, indy, floorPlan.id, "organizer")).statusCode).toBe(404);

    const sent = await ok<{ proposal: { attachments: TAttachment[] }; groupId: string }>(
      answer(eventId, indy, [floorPlan, rates]),
    );
    expect(sent.proposal.attachments).toEqual([floorPlan, rates]);
    // The conversation's message names them.
    const messages = await ok<{ body: string }[]>(
      api.call("user-mgmt", "GET", `/groups/${sent.groupId}/messages`, "organizer"),
    );
    expect(messages.some((m) => m.body.includes("Attachments: Floor plan.pdf; Rates.xlsx"))).toBe(
      true,
    );

    for (const who of ["organizer", "alice", "member", "admin"] as const) {
      const res = await download(eventId, indy, floorPlan.id, who);
      expect([who, res.statusCode]).toEqual([who, 200]);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="Floor plan.pdf"; filename*=UTF-8''Floor%20plan.pdf`,
      );
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.rawPayload.equals(plan)).toBe(true);
    }
    const sheet = await download(eventId, indy, rates.id, "organizer");
    expect([sheet.headers["content-type"], sheet.rawPayload.equals(office("xlsx"))]).toEqual([
      XLSX,
      true,
    ]);
  });

  it("stay with each version: a revision may drop one, and the older version's file still downloads", async () => {
    const { eventId, indy } = await bids("Versioned Files Cup");
    const floorPlan = await uploaded(eventId, indy, pdf(), "plan.pdf");
    const rates = await uploaded(eventId, indy, office("xlsx"), "rates.xlsx");
    await ok(answer(eventId, indy, [floorPlan]));
    const revised = await ok<{ proposal: { attachments: TAttachment[] }; proposalVersion: number }>(
      revise(eventId, indy, [rates]),
    );
    expect([revised.proposalVersion, revised.proposal.attachments]).toEqual([2, [rates]]);
    const versions = await ok<{ version: number; proposal: { attachments: TAttachment[] } }[]>(
      ev("GET", `/events/${eventId}/leads/${indy}/proposals`, "organizer"),
    );
    expect(versions.map((v) => [v.version, v.proposal.attachments.map((a) => a.name)])).toEqual([
      [1, ["plan.pdf"]],
      [2, ["rates.xlsx"]],
    ]);
    expect((await download(eventId, indy, floorPlan.id, "organizer")).statusCode).toBe(200);
    expect((await download(eventId, indy, rates.id, "organizer")).statusCode).toBe(200);
  });

  it("are uploaded only by those who answer the lead, and read only by its two sides", async () => {
    const { eventId, indy, carmel } = await bids("Private Files Cup");
    const outcomes: Record<string, number> = {};
    for (const who of ["organizer", "member", "bob", "stranger", "anonymous", "admin"] as const) {
      outcomes[who] = (await upload(eventId, indy, who, pdf(), "x.pdf")).statusCode;
    }
    expect(outcomes).toEqual({
      organizer: 403,
      member: 403,
      bob: 404,
      stranger: 404,
      anonymous: 401,
      admin: 201,
    });

    const plan = await uploaded(eventId, indy, pdf(), "plan.pdf");
    await ok(answer(eventId, indy, [plan]));
    const readers: Record<string, number> = {};
    for (const who of PEOPLE) {
      readers[who] = (await download(eventId, indy, plan.id, who)).statusCode;
    }
    readers.anonymous = (await download(eventId, indy, plan.id, "anonymous")).statusCode;
    expect(readers).toEqual({
      organizer: 200,
      alice: 200,
      member: 200,
      bob: 404,
      stranger: 404,
      admin: 200,
      anonymous: 401,
    });
    // Another lead of the same event does not serve it, even to its own venue.
    expect((await download(eventId, carmel, plan.id, "bob")).statusCode).toBe(404);
    expect((await download(eventId, carmel, plan.id, "organizer")).statusCode).toBe(404);
    // Nor does /media, to anyone holding its address.
    for (const query of ["", "?grant=forged"]) {
      const url = `/media/leads/${indy}/${plan.id}.pdf${query}`;
      expect([url, (await app().inject({ method: "GET", url })).statusCode]).toEqual([url, 404]);
    }
  });

  it("refuses bad files with a code and a message, storing nothing", async () => {
    const { eventId, indy } = await bids("Bad Files Cup");
    const before = leadFiles();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const cases: [string, Buffer | null, string, [number, string]][] = [
      ["no file", null, "x.pdf", [400, "FILE_MISSING"]],
      ["an empty file", Buffer.alloc(0), "empty.pdf", [415, "UNSUPPORTED_FILE_TYPE"]],
      ["a GIF", gif, "anim.gif", [415, "UNSUPPORTED_FILE_TYPE"]],
      [
        "plain text",
        Buffer.from("rates\nmore rates\n"),
        "rates.pdf",
        [415, "UNSUPPORTED_FILE_TYPE"],
      ],
      [
        "a web page",
        Buffer.from("<html><script>x</script></html>"),
        "plan.pdf",
        [415, "UNSUPPORTED_FILE_TYPE"],
      ],
      ["a PowerPoint", office("pptx"), "deck.pptx", [415, "UNSUPPORTED_FILE_TYPE"]],
      ["a macro document", office("docm"), "terms.docx", [415, "UNSUPPORTED_FILE_TYPE"]],
      ["11 MB", pdf(11 * MB), "big.pdf", [413, "FILE_TOO_LARGE"]],
      ["26 MB", pdf(26 * MB), "huge.pdf", [413, "FILE_TOO_LARGE"]],
      ["a path for a name", pdf(), "../../etc/plan.pdf", [400, "UNSAFE_FILE_NAME"]],
    ];
    for (const [what, file, name, expected] of cases) {
      const res = await upload(eventId, indy, "alice", file, name);
      expect([what, ...refusal(res)]).toEqual([what, ...expected]);
      expect(res.json().error.message.length).toBeGreaterThan(10);
    }
    const large = await upload(eventId, indy, "alice", pdf(26 * MB), "huge.pdf");
    expect(large.json().error.message).toBe("An attachment is 10 MB at most; this file is larger.");
    // Not a form at all.
    const json = await ev("POST", files(eventId, indy), "alice", { data: {} });
    expect(refusal(json)).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(leadFiles()).toEqual(before);
    // Exactly 10 MB is fine.
    expect((await upload(eventId, indy, "alice", pdf(10 * MB - 100), "ok.pdf")).statusCode).toBe(
      201,
    );
  });

  it("are named in a proposal only as uploaded to its own lead, at most 10, whatever the client says of them", async () => {
    const { eventId, indy, carmel } = await bids("Unknown Files Cup");
    const mine = await uploaded(eventId, indy, pdf(500), "plan.pdf");
    const theirs = await ok<TAttachment>(upload(eventId, carmel, "bob", pdf(), "theirs.pdf"), 201);
    const cases: [string, unknown[], [number, string]][] = [
      ["an id never uploaded", [{ ...mine, id: randomUUID() }], [400, "ATTACHMENT_UNKNOWN"]],
      ["another lead's upload", [mine, theirs], [400, "ATTACHMENT_UNKNOWN"]],
      [
        "another type than uploaded",
        [{ ...mine, contentType: "image/png" }],
        [400, "ATTACHMENT_UNKNOWN"],
      ],
      [
        "a type no proposal carries",
        [{ ...mine, contentType: "text/html" }],
        [400, "VALIDATION_FAILED"],
      ],
      ["11 files", Array.from({ length: 11 }, () => mine), [400, "VALIDATION_FAILED"]],
    ];
    for (const [what, attachments, expected] of cases) {
      const res = await answer(eventId, indy, attachments);
      expect([what, ...refusal(res)]).toEqual([what, ...expected]);
    }
    const unknown = await answer(eventId, indy, [mine, theirs]);
    expect(unknown.json().error.details).toEqual({ ids: [theirs.id] });
    const open = await ok<{ status: string; proposal: unknown }>(
      ev("GET", `/events/${eventId}/leads/${indy}`, "alice"),
    );
    expect([open.status, open.proposal]).toEqual(["Open", null]);

    // The name is the client's to choose (cleaned for display), the size the stored file's, and
    // the same file twice is one.
    const sent = await ok<{ proposal: { attachments: TAttachment[] } }>(
      answer(eventId, indy, [{ ...mine, name: 'Floor "plan" <v2>.pdf', size: 1 }, mine]),
    );
    expect(sent.proposal.attachments).toEqual([
      { ...mine, name: "Floor plan v2.pdf", size: mine.size },
    ]);
    const res = await download(eventId, indy, mine.id, "organizer");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Floor plan v2.pdf"; filename*=UTF-8''Floor%20plan%20v2.pdf`,
    );
  });
});
