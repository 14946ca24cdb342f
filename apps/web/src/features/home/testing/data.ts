// Test-only activity items in the contract's shape (checked as they are built).
import { type TActivityItem, ZActivityItem } from "@hostfield/domain/contracts";

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
    ...overrides,
  } satisfies TActivityItem);
}
