// Partner membership tiers; they gate the RFP marketplace, hot leads and organization stats.

export const TIERS = ["Legacy", "Bronze", "Silver", "Gold"] as const;
export type TTier = (typeof TIERS)[number];
export const isTier = (value: unknown): value is TTier =>
  typeof value === "string" && (TIERS as readonly string[]).includes(value);

/** The tiers that can be sold today; Legacy is only carried by older memberships. */
export const PAID_TIERS = ["Bronze", "Silver", "Gold"] as const;
export type TPaidTier = (typeof PAID_TIERS)[number];
