// The guard over a model's answer: markers renumbered in order of first use and rewritten to
// match, refs the tools never returned dropped, contact details no retrieved listing publishes
// removed (published ones kept), and the same result however the text arrives in pieces, without
// ever showing part of a marker, an address or a number before it is whole.
import { describe, expect, it } from "vitest";
import type { TGuideListing } from "../../guide/area";
import { answerGuard, guardAnswer, safeCut } from "./guard";
import type { TRetrieved } from "./tools";

let ids = 0;
function listing(name: string, contact: Partial<TGuideListing["contact"]> = {}): TGuideListing {
  const id = `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`;
  return {
    kind: "facility",
    id,
    name,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    url: `/facilities/${id}`,
    city: "Indianapolis",
    state: "IN",
    point: null,
    distanceMiles: null,
    description: null,
    sports: [],
    spaces: [],
    amenities: [],
    contact: { website: null, phone: null, email: null, ...contact },
    facility: { types: [], capacity: null },
    business: null,
    hotel: null,
    event: null,
  };
}

const hayes = listing("Hayes Center Arena", {
  phone: "(317) 555-0142",
  website: "https://www.hayesarena.example.com/visit",
  email: "events@hayesarena.example.com",
});
const eastgate = listing("Eastgate Fieldhouse");
const slice = listing("Slice Pizza Co.");

function retrievedOf(...listings: TGuideListing[]): Map<number, TRetrieved> {
  return new Map(
    listings.map((l, i) => [i + 1, { ref: i + 1, listing: l, detail: `${l.name} facts` }]),
  );
}

/** The text pushed in pieces of `size` characters: what was shown, piece by piece. */
function streamed(text: string, retrieved: Map<number, TRetrieved>, size: number) {
  const guard = answerGuard(retrieved);
  const shown: string[] = [];
  for (let i = 0; i < text.length; i += size) shown.push(guard.push(text.slice(i, i + size)));
  shown.push(guard.end());
  return { guard, shown: shown.filter(Boolean) };
}

describe("citations", () => {
  it("are the refs used, renumbered in order of first use, with the markers rewritten", () => {
    const retrieved = retrievedOf(hayes, eastgate, slice);
    const { content, citations } = guardAnswer(
      "Eastgate Fieldhouse has 6 courts [2]. Hayes Center Arena has 8 [1]; Eastgate again [2].",
      retrieved,
    );
    expect(content).toBe(
      "Eastgate Fieldhouse has 6 courts [1]. Hayes Center Arena has 8 [2]; Eastgate again [1].",
    );
    expect(citations).toEqual([
      {
        ref: 1,
        kind: "facility",
        id: eastgate.id,
        name: "Eastgate Fieldhouse",
        url: eastgate.url,
        detail: "Eastgate Fieldhouse facts",
      },
      {
        ref: 2,
        kind: "facility",
        id: hayes.id,
        name: "Hayes Center Arena",
        url: hayes.url,
        detail: "Hayes Center Arena facts",
      },
    ]);
  });

  it("drops refs the tools never returned, with the space before them", () => {
    const { content, citations, dropped } = guardAnswer(
      "Hayes Center Arena [1] and Carmel Volleyball Club [7]. Both [1, 9].",
      retrievedOf(hayes),
    );
    expect(content).toBe("Hayes Center Arena [1] and Carmel Volleyball Club. Both [1].");
    expect(citations.map((c) => c.name)).toEqual(["Hayes Center Arena"]);
    expect(dropped.refs).toEqual([7, 9]);
  });

  it("reads `[1, 2]`, `[1][2]` and `[ref 2]` alike", () => {
    const retrieved = retrievedOf(hayes, eastgate);
    expect(guardAnswer("Both [2, 1].", retrieved).content).toBe("Both [1][2].");
    expect(guardAnswer("Both [2][1].", retrieved).content).toBe("Both [1][2].");
    expect(guardAnswer("One [ref 2].", retrieved).content).toBe("One [1].");
  });

  it("leaves a year in brackets alone, and a link to nothing published as its text", () => {
    const { content, citations } = guardAnswer(
      "Open since [2019]. [Hayes](/x).",
      retrievedOf(hayes),
    );
    expect(content).toBe("Open since [2019]. Hayes.");
    expect(citations).toEqual([]);
  });
});

describe("contact details", () => {
  it("removes e-mail addresses, phone numbers and links no retrieved listing publishes", () => {
    const { content, dropped } = guardAnswer(
      [
        "Hayes Center Arena has 8 courts [1].",
        "E-mail hacker@evil.test or mailto:bookings@evil.test to book,",
        "call (800) 555-0199 or +44 20 7946 0958, and see https://evil.test/deal, www.evil.test or evil.test/book.",
        "Or [click here](https://evil.test/x).",
      ].join("\n"),
      retrievedOf(hayes),
    );
    expect(content).toBe(
      [
        "Hayes Center Arena has 8 courts [1].",
        "E-mail or to book,",
        "call or, and see, or.",
        "Or click here.",
      ].join("\n"),
    );
    expect(content).not.toMatch(/evil|555|7946/);
    expect(dropped.contacts).toHaveLength(8);
  });

  it("keeps what a retrieved listing publishes, however it is written", () => {
    const text =
      "Call Hayes at 317-555-0142 or +1 (317) 555 0142, e-mail Events@HayesArena.example.com, or see hayesarena.example.com/schedule [1].";
    expect(guardAnswer(text, retrievedOf(hayes)).content).toBe(text);
    // The same words with only Eastgate retrieved: nobody retrieved publishes them.
    expect(guardAnswer(text, retrievedOf(eastgate)).content).toBe(
      "Call Hayes at or, e-mail, or see [1].",
    );
  });

  it("leaves numbers that are not phone numbers", () => {
    const text =
      "8 courts, seats 8,550, $129 a night, 2030-06-12 to 2030-06-14, 100-1000 people [1].";
    expect(guardAnswer(text, retrievedOf(hayes)).content).toBe(text);
  });
});

describe("streaming", () => {
  const text = [
    "Eastgate Fieldhouse has 6 indoor courts [2, 1] and Hayes [1].",
    "Nope [12]. E-mail hacker@evil.test or call (800) 555-0199.",
    "Book at [the site](https://evil.test/x) or events@hayesarena.example.com [3].",
  ].join("\n\n");

  it("shows the same text however it arrives, and never part of a marker, address or number", () => {
    const whole = guardAnswer(text, retrievedOf(hayes, eastgate, slice));
    for (const size of [1, 2, 3, 5, 8, 13, 1000]) {
      const { guard, shown } = streamed(text, retrievedOf(hayes, eastgate, slice), size);
      expect(guard.content, `pieces of ${size}`).toBe(whole.content);
      expect(shown.join(""), `pieces of ${size}`).toBe(whole.content);
      expect(guard.citations()).toEqual(whole.citations);
      for (const piece of shown) {
        expect(piece, `pieces of ${size}`).not.toMatch(/\[[\d,\s]*$/);
        expect(piece).not.toMatch(/evil|hacker|555|0199/);
      }
    }
    expect(whole.content).toBe(
      [
        "Eastgate Fieldhouse has 6 indoor courts [1][2] and Hayes [2].",
        "Nope. E-mail or call.",
        "Book at the site or events@hayesarena.example.com [3].",
      ].join("\n\n"),
    );
  });

  it("holds back the last word, an open bracket and a run of digits", () => {
    expect(safeCut("Hayes Center [1")).toBe("Hayes Center".length);
    expect(safeCut("Hayes [1, 2] and [Visit our site](https://ev")).toBe("Hayes [1, 2] and".length);
    expect(safeCut("Call (317) 555 01")).toBe("Call".length);
    expect(safeCut("It has 8 indoor courts")).toBe("It has 8 indoor".length);
    expect(safeCut("Nothing")).toBe(0);
  });

  it("leaves out the leading and trailing blank space", () => {
    const { guard, shown } = streamed("\n\n  Hayes [1].  \n", retrievedOf(hayes), 2);
    expect(guard.content).toBe("Hayes [1].");
    expect(shown.join("")).toBe("Hayes [1].");
  });
});
