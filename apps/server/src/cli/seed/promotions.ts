// The demo businesses' promotions: deals for visiting teams, most on now, some upcoming, a few
// expired (their managers still see them); one featured (default) per business that has any. The
// demo business account's own businesses always have some.
import { AUDIENCE_TAGS } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { DEMO_USERS } from "./accounts";
import type { TBuilder } from "./builder";
import type { TRandom } from "./random";

/** Businesses with promotions, of all. */
const SHARE = 0.4;

type TDeal = {
  title: string;
  offer: { type: "percentage" | "amount"; value: number } | { type: "text"; text: string };
  terms: string;
};

const DEALS: Record<string, readonly TDeal[]> = {
  "Food & Beverage": [
    {
      title: "Team meal deal",
      offer: { type: "percentage", value: 15 },
      terms: "Groups of 8 or more; show your roster or tournament wristband.",
    },
    {
      title: "Kids eat free on game days",
      offer: { type: "text", text: "Kids eat free" },
      terms: "One kid's meal per paying adult.",
    },
    {
      title: "$5 off every team pizza",
      offer: { type: "amount", value: 5 },
      terms: "Large pizzas only; dine-in or carry-out.",
    },
    {
      title: "Free dessert for the winners",
      offer: { type: "text", text: "Free dessert" },
      terms: "Bring your medal or trophy.",
    },
  ],
  Entertainment: [
    {
      title: "Team night out",
      offer: { type: "percentage", value: 20 },
      terms: "Groups of 10 or more; book a day ahead.",
    },
    {
      title: "Two-for-one after the final whistle",
      offer: { type: "text", text: "Two for one" },
      terms: "After 6 pm on tournament days.",
    },
  ],
  Hospitality: [
    {
      title: "Coaches' lounge pass",
      offer: { type: "amount", value: 10 },
      terms: "Per coach, per day.",
    },
  ],
  "Hotel & Lodging": [
    {
      title: "Late check-out for teams",
      offer: { type: "text", text: "Late check-out" },
      terms: "Subject to availability.",
    },
  ],
  Transportation: [
    {
      title: "Team shuttle discount",
      offer: { type: "percentage", value: 10 },
      terms: "Round trips to the venue.",
    },
  ],
};

const DAY_SETS: readonly (readonly string[])[] = [
  [],
  [],
  [],
  ["Fri", "Sat", "Sun"],
  ["Sat", "Sun"],
  ["Mon", "Tue", "Wed", "Thu"],
];

/** `count` different deals of the category (fewer when it has fewer), so no business repeats one. */
function deals(r: TRandom, category: string, count: number): TDeal[] {
  const offered = DEALS[category] ?? DEALS["Food & Beverage"]!;
  return r.sample(offered, Math.min(count, offered.length));
}

export function addPromotions(b: TBuilder, owned: ReadonlySet<string>): void {
  const r = b.root.fork("promotions");
  const today = b.input.today;
  const categories = new Map(
    b.network.businessDetails.map((d) => [d.profileId, d.businessCategory ?? ""]),
  );
  for (const row of b.network.profiles) {
    if (row.kind !== "business") continue;
    const mine = owned.has(row.id);
    if (!mine && !r.chance(SHARE)) continue;
    const count = mine ? 3 : r.int(1, 3);
    const slug = row.slug
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 6)
      .toUpperCase();
    for (const [i, d] of deals(r, categories.get(row.id) ?? "", count).entries()) {
      // The first is on now (and featured); then upcoming or, now and then, expired.
      const when = i === 0 ? "now" : r.pick(["now", "upcoming", "expired"] as const);
      const validFrom =
        when === "upcoming"
          ? addDays(today, r.int(10, 60))
          : addDays(today, -r.int(when === "expired" ? 60 : 0, when === "expired" ? 90 : 30));
      const validTo =
        when === "expired"
          ? addDays(today, -r.int(1, 20))
          : addDays(validFrom < today ? today : validFrom, r.int(30, 180));
      const withLink = r.chance(0.4);
      b.network.businessPromotions.push({
        id: r.uuid(),
        profileId: row.id,
        title: d.title,
        description: `${d.title} at ${row.name}, for visiting teams and their families.`,
        offer: d.offer,
        validFrom,
        validTo,
        days: [...r.pick(DAY_SETS)],
        ...(r.chance(0.3) ? { startTime: "11:00", endTime: "22:00" } : {}),
        terms: d.terms,
        code: withLink ? null : `${slug || "TEAM"}${r.int(10, 99)}`,
        redemptionUrl: withLink ? `https://example.com/deals/${row.slug}` : null,
        image: null,
        audienceTags: r.sample(AUDIENCE_TAGS, r.int(1, 3)),
        isDefault: i === 0,
        createdBy: DEMO_USERS.admin.id,
        updatedBy: DEMO_USERS.admin.id,
      });
    }
  }
}
