export const ORGANIZATION_TYPES = ["Event Organization", "Industry Partner"] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number];
