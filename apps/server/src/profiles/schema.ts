// Tables of the listing machinery: one `profiles` row per listing and the children every kind
// shares. Each kind's own fields live in its module's detail table, keyed by the profile id, with
// columns named in TypeScript exactly as the API names the field, so the machinery can move a
// kind's detail object in and out of its table without per-kind code.
import type { TStaffRole, TTier } from "@hostfield/domain/reference";
import { BOOST_SOURCES, BOOST_STATES } from "@hostfield/domain/rules";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../modules/users/schema";
import { audit, createdDate } from "../platform/db/columns";

/** A listed profile: approved and active (what every public list and search shows). */
const LISTED = sql`status = 'approved' and is_active`;
/**
 * The kind a network holds by the million (issue 49). Indexes over the whole table serve its
 * searches; every other kind's have partial indexes of their own rows (NOT_FACILITY), which do not
 * grow with the facilities.
 */
export const BULK_KIND = "facility";
/**
 * Every kind but facilities: a text search of another kind reads indexes of its own rows, where
 * the whole table's bitmaps of a common word or trigram grew with every facility (2.5 ms a
 * statement at a million, five statements a search); so does its sports' and amenities' check.
 * PostgreSQL takes such an index when the search's kind, a constant of its text, is not this one.
 */
const NOT_FACILITY = sql.raw(`kind <> '${BULK_KIND}'`);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    street: text("street"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    country: text("country"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    placeId: text("place_id"),
    logo: text("logo"),
    headerImage: text("header_image"),
    featuredVideo: text("featured_video"),
    website: text("website"),
    phone: text("phone"),
    email: text("email"),
    status: text("status", { enum: ["pending", "approved"] })
      .notNull()
      .default("pending"),
    tier: text("tier").$type<TTier>(),
    isActive: boolean("is_active").notNull().default(true),
    // Kept by the reaction writes in the same transaction, so lists sort and show counts cheaply.
    likeCount: integer("like_count").notNull().default(0),
    followerCount: integer("follower_count").notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex("profiles_slug_key").on(t.slug),
    index("profiles_kind_status_idx").on(t.kind, t.status, t.isActive),
    index("profiles_kind_state_idx").on(t.kind, t.state),
    index("profiles_place_id_idx").on(t.placeId),
    index("profiles_created_by_idx").on(t.createdBy),
    // /media asks whose a file is (a pending listing's files are not public).
    index("profiles_logo_idx").on(t.logo),
    index("profiles_header_image_idx").on(t.headerImage),
    // Text search (profiles/search): the words of a text are matched in `search_vector`, a column
    // the table keeps of its own (name, city and description, weighted A, B and C; generated and
    // stored by migration 0045 and declared only there, so that no read of a profile carries it).
    // A filter reads it per row for the price of a comparison, where to_tsvector of a description
    // cost 70 us a row: a search in an index's order checks thousands of rows as it walks.
    // Trigrams serve ILIKE on the name and city, and `%` (the name's typos) when no listing has
    // the words.
    index("profiles_search_vector_idx").using("gin", sql`search_vector`),
    index("profiles_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
    // A listing's name by its id from the index alone: the lead search by name reads one per lead.
    index("profiles_id_name_idx").on(t.id, t.name),
    index("profiles_city_trgm").using("gin", sql`${t.city} gin_trgm_ops`),
    // The same three for every other kind (PostgreSQL takes them when the search's kind, a
    // constant of its text, is not `facility`); facilities' searches and those of no kind (the
    // admin's) read the whole table's.
    index("profiles_search_vector_others").using("gin", sql`search_vector`).where(NOT_FACILITY),
    index("profiles_name_trgm_others")
      .using("gin", sql`${t.name} gin_trgm_ops`)
      .where(NOT_FACILITY),
    index("profiles_city_trgm_others")
      .using("gin", sql`${t.city} gin_trgm_ops`)
      .where(NOT_FACILITY),
    // Radius search: earthdistance's cube of the point, searched with earth_box. Migration 0050
    // rebuilt it with INCLUDE (lat, lng), which drizzle cannot declare: the cube's GiST split
    // compares every pair of a page's entries, and wider entries (fewer to a page) cost less.
    index("profiles_earth_idx").using("gist", sql`ll_to_earth(${t.lat}, ${t.lng})`),
    // Map search: the box on screen, as `point(lng, lat) <@ box`; plain GiST over core geometry.
    index("profiles_point_idx").using("gist", sql`point(${t.lng}, ${t.lat})`),
    // The listed profiles of a kind in each order a search asks for (profiles/search): a page
    // walks its index and stops at its end, whatever the size of the network. Nearest first is
    // GiST's ordered search over the kind (btree_gist) and the point.
    index("profiles_listed_likes_idx")
      .on(t.kind, t.likeCount.desc().nullsFirst(), t.name, t.id)
      .where(LISTED),
    index("profiles_listed_name_idx").on(t.kind, t.name, t.id).where(LISTED),
    // A state's or a tier's listings most liked first (the best match filtered by one state or
    // tier): the page and the capped count walk them, where the likes index passed every other
    // state's and tier's listing to find them (a Gold tier's count read 20,000 rows at a million).
    index("profiles_listed_state_likes_idx")
      .on(t.kind, t.state, t.likeCount.desc().nullsFirst(), t.name, t.id)
      .where(LISTED),
    index("profiles_listed_tier_likes_idx")
      .on(t.kind, t.tier, t.likeCount.desc().nullsFirst(), t.name, t.id)
      .where(LISTED),
    index("profiles_listed_newest_idx")
      .on(t.kind, t.createdDate.desc().nullsFirst(), t.id)
      .where(LISTED),
    // Migration 0047 rebuilt it with INCLUDE (lat, lng, id), which drizzle cannot declare: a
    // radius search's walk and its capped count then read the index alone, where each point's
    // distance check visited its row in the table (10,000 of them within 100 miles at a million).
    // Migration 0052 added `sport_names` (a copy of the listing's sports its triggers keep, in no
    // drizzle column, as search_vector): a sport near a place is checked in the index too.
    index("profiles_listed_earth_idx")
      .using("gist", t.kind, sql`ll_to_earth(${t.lat}, ${t.lng})`)
      .where(LISTED),
    // Whether a listing is listed, of which kind, and its likes and name, by its id from the index
    // alone: a filter read from another table's side (a type, a sport, a parent's links) checks
    // each match here, and a parent's listings sort by likes without a visit to the table.
    index("profiles_listed_id_idx").on(t.id, t.kind, t.likeCount, t.name).where(LISTED),
    // What the kinded lists' references name (kindedProfileRef).
    unique("profiles_id_kind_key").on(t.id, t.kind),
  ],
);

export const profileRef = (name = "profile_id") =>
  uuid(name)
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });

/**
 * The listing's kind, on a row of a list a search filters by (its sports, its amenities): every
 * kind but facilities has an index of its own rows (NOT_FACILITY), which does not grow with the
 * facilities (an event's sport, checked one event at a time in an index of a million facilities'
 * sports, cost 10x what it did among fifteen thousand). The row's reference names the kind too
 * (kindedProfileRef), so a row of another kind than its listing's cannot be stored.
 */
const profileKindOf = () => text("kind").notNull();

/** The listing a kinded row belongs to, by its id and its kind (see profileKindOf). */
const kindedProfileRef = (t: { profileId: AnyPgColumn; kind: AnyPgColumn }) =>
  foreignKey({
    columns: [t.profileId, t.kind],
    foreignColumns: [profiles.id, profiles.kind],
  }).onDelete("cascade");

export const profileMedia = pgTable(
  "profile_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    kind: text("kind", { enum: ["image", "document"] }).notNull(),
    fileKey: text("file_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    title: text("title").notNull(),
    // Fractional index: a move rewrites one row.
    sortKey: text("sort_key").notNull(),
    ...audit,
  },
  (t) => [
    index("profile_media_profile_idx").on(t.profileId, t.kind, t.sortKey),
    index("profile_media_file_key_idx").on(t.fileKey),
  ],
);

export const profileMembers = pgTable(
  "profile_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "manager", "member"] }).notNull(),
    staffRole: text("staff_role").$type<TStaffRole>(),
    ...audit,
  },
  (t) => [
    uniqueIndex("profile_members_profile_user_key").on(t.profileId, t.userId),
    index("profile_members_user_idx").on(t.userId),
  ],
);

/**
 * An invitation to a listing's members (issue 16 §3): nobody is added without accepting. Invited
 * by user id or by an e-mail address (`email`, as given; `userId` too when an account has it). An
 * address without an account waits for someone to sign up with it.
 */
export const profileInvitations = pgTable(
  "profile_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    role: text("role", { enum: ["owner", "manager", "member"] }).notNull(),
    staffRole: text("staff_role").$type<TStaffRole>(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdDate: createdDate(),
  },
  (t) => [
    uniqueIndex("profile_invitations_profile_user_key")
      .on(t.profileId, t.userId)
      .where(sql`${t.email} is null`),
    uniqueIndex("profile_invitations_profile_email_key")
      .on(t.profileId, t.email)
      .where(sql`${t.email} is not null`),
    index("profile_invitations_user_idx").on(t.userId),
    index("profile_invitations_email_idx").on(t.email),
  ],
);

export const profileReactions = pgTable(
  "profile_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["like", "follow"] }).notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profile_reactions_key").on(t.profileId, t.userId, t.kind),
    index("profile_reactions_user_idx").on(t.userId, t.kind),
  ],
);

/**
 * A listing's boost. `source` says who booked it: its people out of the days their tier includes
 * ("included"), bought beyond them ("paid"), or an admin ("admin", no quota). A bought boost is
 * `awaiting_payment` until the provider confirms the payment: it lifts nothing and holds its days
 * in the quota meanwhile, and is dropped BOOST_PAYMENT_HOURS after it was booked when still unpaid.
 */
export const profileBoosts = pgTable(
  "profile_boosts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    source: text("source", { enum: BOOST_SOURCES }).notNull().default("included"),
    state: text("state", { enum: BOOST_STATES }).notNull().default("active"),
    ...audit,
  },
  (t) => [
    index("profile_boosts_profile_idx").on(t.profileId),
    index("profile_boosts_dates_idx").on(t.startDate, t.endDate),
    // The hourly drop of unpaid boosts reads only those awaiting payment, oldest first.
    index("profile_boosts_awaiting_idx")
      .on(t.createdDate)
      .where(sql`${t.state} = 'awaiting_payment'`),
    // The sponsored lead's day reads one of BOOST_ROTATION_BUCKETS of the running boosts
    // (profiles/search/repository.ts), not every one.
    index("profile_boosts_rotation_idx")
      .on(sql`(hashtext(${t.profileId}::text) & 31)`, t.endDate)
      .where(sql`${t.state} = 'active'`),
  ],
);

export const profilePartners = pgTable(
  "profile_partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    partnerId: profileRef("partner_id"),
    /** A business's picture of the partnership (POST /businesses/partners/{id}/images); a file key. */
    imageKey: text("image_key"),
    ...audit,
  },
  (t) => [
    uniqueIndex("profile_partners_key").on(t.profileId, t.partnerId),
    index("profile_partners_image_idx").on(t.imageKey),
  ],
);

export const profileSports = pgTable(
  "profile_sports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id").notNull(),
    kind: profileKindOf(),
    name: text("name").notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    kindedProfileRef(t),
    uniqueIndex("profile_sports_key").on(t.profileId, t.name),
    index("profile_sports_name_idx").on(t.name, t.profileId),
    index("profile_sports_others_idx").on(t.kind, t.name, t.profileId).where(NOT_FACILITY),
  ],
);

export const profileAmenities = pgTable(
  "profile_amenities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id").notNull(),
    kind: profileKindOf(),
    name: text("name").notNull(),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    kindedProfileRef(t),
    uniqueIndex("profile_amenities_key").on(t.profileId, t.name),
    index("profile_amenities_name_idx").on(t.name, t.profileId),
    index("profile_amenities_others_idx").on(t.kind, t.name, t.profileId).where(NOT_FACILITY),
  ],
);

/** A space of a facility (or the space an event needs): e.g. 4 indoor hardwood courts. */
export const profileSpaceTypes = pgTable(
  "profile_space_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: profileRef(),
    name: text("name").notNull(),
    surface: text("surface").notNull(),
    count: integer("count").notNull(),
    location: text("location").notNull(),
    additionalFeatures: text("additional_features").array().notNull().default(sql`'{}'::text[]`),
    /** The indicative price of one space a day, with its currency; both null: none given. */
    dayPriceAmount: numeric("day_price_amount", { precision: 10, scale: 2, mode: "number" }),
    dayPriceCurrency: text("day_price_currency"),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profile_space_types_profile_idx").on(t.profileId),
    index("profile_space_types_name_idx").on(t.name, t.surface, t.location),
    check(
      "profile_space_types_day_price",
      sql`(${t.dayPriceAmount} is null) = (${t.dayPriceCurrency} is null) and (${t.dayPriceAmount} is null or ${t.dayPriceAmount} >= 0)`,
    ),
  ],
);

/** A hotel or business that belongs to a company (chain, group). */
export const profileCompanies = pgTable(
  "profile_companies",
  {
    profileId: profileRef(),
    companyId: profileRef("company_id"),
    createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (t) => [
    uniqueIndex("profile_companies_key").on(t.profileId, t.companyId),
    index("profile_companies_company_idx").on(t.companyId),
  ],
);

/** A member's saved search presets per kind (`PUT /{kind}/search/filters`). */
export const savedSearchFilters = pgTable(
  "saved_search_filters",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    presets: jsonb("presets").notNull().$type<{ name: string; filter: unknown }[]>(),
    updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_search_filters_key").on(t.userId, t.kind)],
);
