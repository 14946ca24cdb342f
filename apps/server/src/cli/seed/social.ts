// What the demo accounts like and follow, and which listings are boosted around today.
import type { TProfileKind } from "@hostfield/domain/reference";
import { addDays } from "@hostfield/domain/rules";
import { DEMO_USERS } from "./accounts";
import { DAY_MS, type TBuilder } from "./builder";
import type { TDemoNetwork } from "./network";

/** The share of each kind's visible listings that are boosted; kinds not listed never are. */
const BOOST_SHARE: Partial<Record<TProfileKind, number>> = {
  facility: 0.006,
  destination: 0.03,
  hotel: 0.01,
  business: 0.01,
};

/** Approved, active listings: the ones others can see, like and follow. */
const visibleProfiles = (network: TDemoNetwork) =>
  network.profiles.filter((p) => p.status === "approved" && p.isActive);

/** Each demo account but the admin likes twelve visible listings and follows six more. */
export function addReactions(b: TBuilder): void {
  const r = b.root.fork("reactions");
  const visible = visibleProfiles(b.network);
  for (const user of Object.values(DEMO_USERS)) {
    if (user.roles.includes("admin")) continue;
    const picks = r.sample(visible, 18);
    picks.forEach((row, i) => {
      const kind = i < 12 ? "like" : "follow";
      b.network.profileReactions.push({
        profileId: row.id,
        userId: user.id,
        kind,
        createdDate: new Date(b.todayMs - r.int(1, 90) * DAY_MS),
      });
      if (kind === "like") row.likeCount = (row.likeCount ?? 0) + 1;
      else row.followerCount = (row.followerCount ?? 0) + 1;
    });
  }
}

/** Boosts a share of the visible listings, and every destination a demo account owns. */
export function addBoosts(b: TBuilder, owned: ReadonlySet<string>): void {
  const r = b.root.fork("boosts");
  for (const row of visibleProfiles(b.network)) {
    const share = BOOST_SHARE[row.kind];
    if (!share) continue;
    const boosted = r.chance(share) || (owned.has(row.id) && row.kind === "destination");
    if (!boosted) continue;
    b.network.profileBoosts.push({
      profileId: row.id,
      startDate: addDays(b.input.today, -r.int(0, 7)),
      endDate: addDays(b.input.today, r.int(14, 42)),
      createdBy: DEMO_USERS.admin.id,
      updatedBy: DEMO_USERS.admin.id,
    });
  }
}
