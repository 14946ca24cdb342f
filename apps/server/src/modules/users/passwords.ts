// Password hashing (argon2id) and the strength rule every new password must meet.
import { hash, verify } from "@node-rs/argon2";

export const PASSWORD_RULE =
  "Use at least 10 characters, with letters and at least one number or symbol.";

/** Why a password is too weak, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  // Each message names what is missing; the page shows the whole rule beside the field.
  if (password.length < 10) return "Too short: use at least 10 characters.";
  if (password.length > 200) return "Too long: use at most 200 characters.";
  if (!/\p{L}/u.test(password)) return "Add at least one letter.";
  if (!/[\p{N}\p{P}\p{S}]/u.test(password)) return "Add at least one number or symbol.";
  if (email && password.toLowerCase().includes(email.split("@")[0]?.toLowerCase() || "\u0000")) {
    return "Choose a password that does not contain your e-mail address.";
  }
  return null;
}

// Algorithm 2 is argon2id; OWASP's second recommended setting (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-never-matches-1");
  return decoy;
}
