// SQL of the profile machinery, one file per part under repository/: listings with their kind's
// detail row, members and invitations, reactions, the shared children, media, and links between
// listings. Callers import them together from here.
export * from "./repository/children";
export * from "./repository/links";
export * from "./repository/media";
export * from "./repository/members";
export * from "./repository/profiles";
export * from "./repository/reactions";
