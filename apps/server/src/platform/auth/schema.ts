// Tables of platform/auth: the OpenID Connect provider's state and its signing keys.
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Sessions, grants, codes, refresh tokens, interactions...: one row per provider model instance. */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    accountId: text("account_id"),
    expiresDate: timestamp("expires_date", { withTimezone: true }),
    consumedDate: timestamp("consumed_date", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oidc_payloads_grant_id_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_account_id_idx").on(t.accountId),
    index("oidc_payloads_expires_idx").on(t.expiresDate),
  ],
);

export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  // The private JWK, AES-256-GCM encrypted with the configured secret key.
  privateJwk: text("private_jwk").notNull(),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  // Retired keys still verify tokens they signed until those expire; the newest active key signs.
  retiredDate: timestamp("retired_date", { withTimezone: true }),
});
