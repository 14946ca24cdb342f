// Accounts: sign-up, sign-in, e-mail verification, password reset, profile changes, deletion, roles.

import { createHash, randomBytes } from "node:crypto";
import { ERROR_CODES, ZEmail } from "@hostfield/domain/contracts";
import { ACCOUNT_TYPES } from "@hostfield/domain/reference";
import { revokeAccountSessions } from "../../platform/auth/adapter";
import type { TAccountClaims } from "../../platform/auth/provider";
import type { TWindow } from "../../platform/db/database";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import type { TFileStore } from "../../platform/files/store";
import { AppError, notFound } from "../../platform/http/errors";
import type { TMailer } from "../../platform/mail/mailer";
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import * as repo from "./repository";

export type TUser = repo.TUserRow;

export type TUsersContext = {
  db: TDb;
  mailer: TMailer;
  files: TFileStore;
  publicUrl: string;
  /** Addresses that are admins by configuration (ADMIN_EMAILS), besides the stored role. */
  adminEmails: readonly string[];
  /** Announces ended sessions (the hub closes them); absent in command-line tools. */
  events?: TEventBus;
  /** The badge counts of `/users/my`, from notifications and messaging. */
  counts?: (userId: string) => Promise<{ unopenedNotifications: number; unreadMessages: number }>;
  /** Which of these users hold an open session (the hub); absent in command-line tools. */
  online?: (userIds: readonly string[]) => Promise<Set<string>>;
};

export const LINK_TTL_MS = {
  "verify-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
} as const;
/**
 * Wrong passwords are counted per account and address pair, and per address: a guesser slows
 * down only themselves, never the account's owner at another address.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Wrong passwords a pair may make before each further attempt of the pair waits. */
  freePerPair: 5,
  /** The first wait; it doubles with each further wrong password, up to `maxDelayMs`. */
  baseDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** Wrong passwords from one address (over any accounts) after which the address may not try
   * again, until its window ends, the accounts it got wrong; other accounts it still may. */
  perAddress: 30,
};

export const GENERIC_SIGN_IN_ERROR = "That e-mail and password don't match an account.";
export const UNVERIFIED_MESSAGE =
  "Your e-mail address is not verified yet. Look for an email from Hostfield with a verification link; we send a fresh one when you log in, at most one every few minutes.";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function rolesOf(ctx: Pick<TUsersContext, "adminEmails">, user: TUser): string[] {
  const roles = new Set(user.roles);
  if (ctx.adminEmails.includes(user.email)) roles.add("admin");
  return [...roles].sort();
}

export const isAdmin = (ctx: Pick<TUsersContext, "adminEmails">, user: TUser) =>
  rolesOf(ctx, user).includes("admin");

// --- links sent by e-mail -------------------------------------------------------------------

async function createLink(
  ctx: TUsersContext,
  userId: string,
  purpose: repo.TLinkPurpose,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await repo.insertLink(ctx.db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresDate: new Date(Date.now() + LINK_TTL_MS[purpose]),
  });
  return token;
}

/** Mails a verification link, unless one went to the address within the mail window. */
export async function sendVerificationLink(ctx: TUsersContext, user: TUser): Promise<void> {
  await ctx.mailer.sendLimited(user.email, "verify-email", async () => {
    const token = await createLink(ctx, user.id, "verify-email");
    const url = `${ctx.publicUrl}/oidc/account/verify?token=${token}`;
    return {
      subject: "Verify your e-mail for Hostfield",
      text: `Hi ${user.name},\n\nOpen this link to verify your e-mail address and finish signing up:\n${url}\n\nThe link works once and expires in 24 hours.\n\nHostfield`,
    };
  });
}

export async function verifyEmail(ctx: TUsersContext, token: string): Promise<TUser | null> {
  const userId = await repo.consumeLink(ctx.db, "verify-email", hashToken(token));
  if (!userId) return null;
  return (await repo.updateUser(ctx.db, userId, { emailVerifiedDate: new Date() })) ?? null;
}

/**
 * Sends a reset link when the account exists and none went to it within the mail window; says
 * nothing either way (no account discovery, no telling a held-back mail from a sent one).
 */
export async function requestPasswordReset(ctx: TUsersContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, normalizeEmail(email));
  if (!user || user.isBlocked) return;
  await ctx.mailer.sendLimited(user.email, "reset-password", async () => {
    const token = await createLink(ctx, user.id, "reset-password");
    const url = `${ctx.publicUrl}/oidc/account/reset?token=${token}`;
    return {
      subject: "Reset your Hostfield password",
      text: `Hi ${user.name},\n\nOpen this link to choose a new password:\n${url}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.\n\nHostfield`,
    };
  });
}

export const isResetLinkUsable = (ctx: TUsersContext, token: string) =>
  repo.findUsableLink(ctx.db, "reset-password", hashToken(token));

export type TResetResult =
  | { ok: true }
  | { ok: false; reason: "link" | "password"; message: string };

export async function resetPassword(
  ctx: TUsersContext,
  token: string,
  password: string,
): Promise<TResetResult> {
  if (!(await isResetLinkUsable(ctx, token))) {
    return { ok: false, reason: "link", message: "This link has expired or was already used." };
  }
  const problem = passwordProblem(password);
  if (problem) return { ok: false, reason: "password", message: problem };
  const passwordHash = await hashPassword(password);
  const userId = await repo.consumeLink(ctx.db, "reset-password", hashToken(token));
  if (!userId)
    return { ok: false, reason: "link", message: "This link has expired or was already used." };
  // Proving the mailbox also proves the e-mail address.
  const user = await repo.findUserById(ctx.db, userId);
  await repo.updateUser(ctx.db, userId, {
    passwordHash,
    emailVerifiedDate: user?.emailVerifiedDate ?? new Date(),
  });
  await signOutEverywhere(ctx, userId);
  return { ok: true };
}

// --- sign-up and sign-in --------------------------------------------------------------------

export type TSignUpInput = { name: string; email: string; password: string; accountType: string };
export type TSignUpResult =
  | { ok: true; email: string }
  | { ok: false; errors: Partial<Record<keyof TSignUpInput, string>> };

export async function signUp(ctx: TUsersContext, input: TSignUpInput): Promise<TSignUpResult> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const errors: Partial<Record<keyof TSignUpInput, string>> = {};
  if (name.length < 1 || name.length > 120) errors.name = "Enter your name (up to 120 characters).";
  if (!ZEmail.safeParse(email).success) errors.email = "Enter a valid e-mail address.";
  if (!(ACCOUNT_TYPES as readonly string[]).includes(input.accountType))
    errors.accountType = "Choose an account type.";
  const weak = passwordProblem(input.password, email);
  if (weak) errors.password = weak;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const created = await repo.insertUser(ctx.db, {
    email,
    name,
    accountType: input.accountType,
    passwordHash: await hashPassword(input.password),
  });
  if (created) {
    await sendVerificationLink(ctx, created);
  } else {
    // The address has an account already: tell its owner, not the person at the form.
    await ctx.mailer.sendLimited(email, "sign-up-taken", async () => ({
      subject: "Someone tried to sign up with your e-mail",
      text: `Someone tried to create a Hostfield account with this e-mail address, which already has one.\n\nIf it was you, log in instead, or reset your password at ${ctx.publicUrl}/oidc/account/forgot\n\nHostfield`,
    }));
  }
  return { ok: true, email };
}

export type TSignInResult =
  | { ok: true; user: TUser }
  | { ok: false; reason: "limited"; message: string; retryAfterSeconds: number }
  | { ok: false; reason: "invalid" | "unverified" | "blocked"; message: string };

const waitWords = (seconds: number) =>
  seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

function limitedUntil(until: Date | null): TSignInResult {
  const retryAfterSeconds = Math.max(1, Math.ceil(((until?.getTime() ?? 0) - Date.now()) / 1000));
  return {
    ok: false,
    reason: "limited",
    message: `Too many attempts. Wait ${waitWords(retryAfterSeconds)} and try again, or reset your password.`,
    retryAfterSeconds,
  };
}

export async function signIn(
  ctx: TUsersContext,
  input: { email: string; password: string; address: string },
): Promise<TSignInResult> {
  const email = normalizeEmail(input.email);
  const pairKey = `pair:${input.address} ${email}`;
  const addressKey = `ip:${input.address}`;
  const { windowMs, perAddress, freePerPair, baseDelayMs, maxDelayMs } = SIGN_IN_LIMITS;
  const [pair, address] = await Promise.all([
    repo.findAttempts(ctx.db, pairKey, windowMs),
    repo.findAttempts(ctx.db, addressKey, windowMs),
  ]);
  // An address past its limit waits for the accounts it got wrong; one it never got wrong is
  // always checked.
  if (pair.failures > 0 && address.failures >= perAddress && address.windowEnd)
    return limitedUntil(address.windowEnd);
  // The pair waits after its own failures; the attempt is counted before the password is checked.
  const limits = { windowMs, free: freePerPair, baseMs: baseDelayMs, maxMs: maxDelayMs };
  if (!(await repo.takeAttempt(ctx.db, pairKey, limits)))
    return limitedUntil((await repo.findAttempts(ctx.db, pairKey, windowMs)).lockedUntil);
  const user = await repo.findUserByEmail(ctx.db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !matches) {
    await repo.recordFailure(ctx.db, addressKey, windowMs);
    return { ok: false, reason: "invalid", message: GENERIC_SIGN_IN_ERROR };
  }
  await repo.clearFailures(ctx.db, pairKey);
  if (user.isBlocked)
    return { ok: false, reason: "blocked", message: "This account is blocked. Contact support." };
  if (!user.emailVerifiedDate) {
    await sendVerificationLink(ctx, user);
    return { ok: false, reason: "unverified", message: UNVERIFIED_MESSAGE };
  }
  return { ok: true, user };
}

// --- what the provider and the API need -----------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findClaims(
  ctx: TUsersContext,
  id: string,
): Promise<(TAccountClaims & { sessionVersion: number }) | null> {
  // An id that is not a UUID names nobody. A database that cannot answer is not "no such
  // session": its error goes up (503 DATABASE_UNAVAILABLE), so nobody is signed out by a blip.
  if (!UUID.test(id)) return null;
  const user = await repo.findUserById(ctx.db, id);
  if (!user || user.isBlocked) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedDate !== null,
    name: user.name,
    roles: rolesOf(ctx, user),
    sessionVersion: user.sessionVersion,
  };
}

export async function getUser(ctx: TUsersContext, id: string): Promise<TUser> {
  const user = await repo.findUserById(ctx.db, id);
  if (!user) throw notFound("The user");
  return user;
}

export async function getUserByEmail(ctx: TUsersContext, email: string): Promise<TUser> {
  const user = await repo.findUserByEmail(ctx.db, normalizeEmail(email));
  if (!user) throw notFound("The user");
  return user;
}

export const listUsers = (ctx: TUsersContext, filter: repo.TUserFilter, window: TWindow) =>
  repo.listUsers(ctx.db, { ...filter, adminEmails: ctx.adminEmails }, window);

/** Fields a user may change on their own record (through PATCH). */
export type TEditableUser = { name: string; accountType: string; isVisible: boolean };

export async function updateProfile(
  ctx: TUsersContext,
  id: string,
  changes: TEditableUser,
  by: string,
): Promise<TUser> {
  const name = changes.name.trim();
  if (name.length < 1 || name.length > 120) {
    throw new AppError(ERROR_CODES.validationFailed, 400, "Enter a name of 1 to 120 characters.");
  }
  if (!(ACCOUNT_TYPES as readonly string[]).includes(changes.accountType)) {
    throw new AppError(
      ERROR_CODES.validationFailed,
      400,
      `Account type must be one of: ${ACCOUNT_TYPES.join(", ")}.`,
    );
  }
  const updated = await repo.updateUser(ctx.db, id, {
    name,
    accountType: changes.accountType,
    isVisible: changes.isVisible,
    updatedBy: by,
  });
  if (!updated) throw notFound("The user");
  return updated;
}

export async function setVisibility(
  ctx: TUsersContext,
  id: string,
  isVisible: boolean,
): Promise<TUser> {
  const updated = await repo.updateUser(ctx.db, id, { isVisible, updatedBy: id });
  if (!updated) throw notFound("The user");
  return updated;
}

/** Blocks a user (no sign-in; every session ends now) or lets them back in. */
export async function setBlocked(
  ctx: TUsersContext,
  id: string,
  isBlocked: boolean,
  by: string,
): Promise<TUser> {
  const updated = await repo.updateUser(ctx.db, id, { isBlocked, updatedBy: by });
  if (!updated) throw notFound("The user");
  if (isBlocked) await signOutEverywhere(ctx, id, "blocked");
  return updated;
}

/** Voids every session, refresh token and access token of the user, and closes their sockets. */
export async function signOutEverywhere(
  ctx: TUsersContext,
  id: string,
  reason: "password" | "blocked" = "password",
): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    await repo.bumpSessionVersion(tx, id);
    await revokeAccountSessions(tx, id);
    await ctx.events?.record(tx, "UserSessionsRevoked", { userId: id, reason });
  });
}

/** Removes the account and its personal data, and signs it out everywhere. */
export async function deleteAccount(ctx: TUsersContext, id: string): Promise<void> {
  const fileKeys = await repo.allUserImageKeys(ctx.db, id);
  await inTransaction(ctx.db, async (tx) => {
    await revokeAccountSessions(tx, id);
    if (!(await repo.deleteUser(tx, id))) throw notFound("The user");
    await ctx.events?.record(tx, "UserSessionsRevoked", { userId: id, reason: "deleted" });
  });
  // Rows are gone with the user (cascade); their files go too.
  await Promise.all(fileKeys.map((key) => ctx.files.delete(key)));
}

export async function setAdmin(
  ctx: Pick<TUsersContext, "db">,
  email: string,
  admin: boolean,
): Promise<TUser> {
  const user = await repo.findUserByEmail(ctx.db, normalizeEmail(email));
  if (!user) throw notFound("The user");
  const roles = new Set(user.roles);
  if (admin) roles.add("admin");
  else roles.delete("admin");
  // Roles are read from here on every request, so the change applies to live sessions at once.
  const updated = await repo.updateUser(ctx.db, user.id, { roles: [...roles].sort() });
  return updated ?? user;
}

/** Those of `ids` who let others see them. */
export const visibleUsers = (ctx: TUsersContext, ids: readonly string[]) =>
  repo.findVisibleUsers(ctx.db, ids);

/**
 * Who of `ids` is online, as `viewerId` may know it: a hidden user reads as offline to everyone
 * but themselves. Unknown ids read as offline too, so the answer says nothing about who exists.
 */
export async function presenceOf(
  ctx: TUsersContext,
  viewerId: string,
  ids: readonly string[],
): Promise<{ id: string; isOnline: boolean }[]> {
  const unique = [...new Set(ids)];
  const [online, visible] = await Promise.all([
    ctx.online ? ctx.online(unique) : Promise.resolve(new Set<string>()),
    visibleUsers(ctx, unique).then((rows) => new Set(rows.map((row) => row.id))),
  ]);
  return unique.map((id) => ({
    id,
    isOnline: online.has(id) && (visible.has(id) || id === viewerId),
  }));
}
