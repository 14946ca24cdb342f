// Test-only activity items and home summaries in the contracts' shapes (checked as they are built).
import {
  type TActivityItem,
  type THomeBlock,
  type THomeBusiness,
  type THomeManager,
  type THomeOrganizer,
  type THomeSummary,
  type TListingCompleteness,
  ZActivityItem,
  ZHomeSummary,
} from "@hostfield/domain/contracts";

let serial = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;

export function buildActivityItem(overrides: Partial<TActivityItem> = {}): TActivityItem {
  return ZActivityItem.parse({
    id: `r:${uuid()}`,
    type: "liked",
    at: "2025-03-12T14:00:00.000Z",
    actor: { id: uuid(), name: "Ann Lee", avatarUrl: null },
    profile: {
      id: uuid(),
      kind: "facility",
      name: "Riverside Arena",
      city: "Louisville",
      state: "KY",
      logo: null,
    },
    context: null,
    count: 1,
    groupKey: null,
    ...overrides,
  } satisfies TActivityItem);
}

/** A group's row as the feed shows it: its newest item, with the group's size and key. */
export function buildActivityGroup(items: readonly TActivityItem[], key: string): TActivityItem {
  const [newest] = items;
  if (!newest) throw new Error("A group has items");
  return ZActivityItem.parse({ ...newest, id: `g:${key}`, count: items.length, groupKey: key });
}

export function buildChecklist(
  overrides: Partial<TListingCompleteness> & { name?: string } = {},
): TListingCompleteness {
  const id = overrides.profile?.id ?? uuid();
  const items = overrides.items ?? [
    { item: "photos", done: false, href: `/facilities/${id}#images` },
    { item: "spaces", done: true, href: `/facilities/${id}#spaceTypes` },
    { item: "amenities", done: false, href: `/facilities/${id}#amenities` },
    { item: "description", done: true, href: `/facilities/${id}#about` },
  ];
  return {
    profile: { id, kind: "facility", name: overrides.name ?? "Riverside Arena" },
    items,
    done: items.filter((i) => i.done).length,
    total: items.length,
  };
}

export function buildManager(overrides: Partial<THomeManager> = {}): THomeManager {
  return {
    newLeads: { count: 0, since: "2025-03-05T15:00:00.000Z", leads: [] },
    waitingLeads: { count: 0, leads: [] },
    completeness: { listingCount: 0, incompleteCount: 0, listings: [] },
    ...overrides,
  };
}

export function buildOrganizer(overrides: Partial<THomeOrganizer> = {}): THomeOrganizer {
  return { openRequests: { count: 0, requests: [] }, newestProposals: [], ...overrides };
}

/** A hotel block's pickup: `booked` of `held` room nights. */
export function buildBlock(overrides: Partial<THomeBlock> = {}): THomeBlock {
  const held = overrides.held ?? 10;
  const booked = overrides.booked ?? 4;
  return {
    id: uuid(),
    hotel: { id: uuid(), name: "Canal Hotel" },
    event: { id: uuid(), name: "Indy Hoops Classic" },
    cutoffDate: "2025-03-22",
    held,
    booked,
    pickupPercent: Math.round((booked / held) * 1000) / 10,
    ...overrides,
  };
}

/** A business of the member's with no live deal and no reach, unless given. */
export function buildBusiness(overrides: Partial<THomeBusiness> = {}): THomeBusiness {
  return {
    id: uuid(),
    name: "Slice Pizza",
    liveDeals: 0,
    nextEnding: null,
    manages: true,
    views: 0,
    dealClicks: 0,
    ...overrides,
  };
}

/** No role unless given: each test says what the member is (the server's `roles`, in order). */
export function buildHomeSummary(overrides: Partial<THomeSummary> = {}): THomeSummary {
  return ZHomeSummary.parse({
    roles: [],
    listings: [],
    manager: null,
    organizer: null,
    eventBlocks: { count: 0, blocks: [] },
    hotel: null,
    businesses: null,
    ...overrides,
  } satisfies THomeSummary);
}
