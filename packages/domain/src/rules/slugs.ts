// Addresses made from names: a listing's or a story's slug (`how-indianapolis-hosted-600-teams`).

/** Lower-case ASCII words joined by hyphens, at most 80 characters; `fallback` when none are left. */
export const slugify = (text: string, fallback: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "") || fallback;
