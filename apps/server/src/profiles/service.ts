// The profile machinery's rules, for every kind through its descriptor, one file per part under
// service/: access, a listing's life (create, read by visibility, edit, approve, delete, members,
// reactions), the approval queue, media, and what other modules ask. Callers import them
// together from here.
export * from "./service/access";
export * from "./service/approvals";
export * from "./service/context";
export * from "./service/for-modules";
export * from "./service/listings";
export * from "./service/media";
