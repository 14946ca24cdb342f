// What invitations to anything (a listing, a group) share: an invitation is addressed to an account
// or, when none has the address, to the address itself, and waits for the account that signs in
// with it (sign-in requires a verified address). Such an address hears of it by one sign-up mail.
import type { TPrincipal } from "./http/access";
import type { TMailer } from "./mail/mailer";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether the invitation waits for this caller: to them, or to their address. */
export const isInvitationFor = (
  invitation: { userId: string | null; email: string | null },
  principal: Pick<TPrincipal, "userId" | "email">,
) =>
  invitation.userId === principal.userId ||
  (invitation.userId === null && invitation.email === normalizeEmail(principal.email));

/**
 * The sign-up mail of an invitation to an address without an account: at most one per address and
 * `purpose` in the mail window (`sendLimited`), since anyone who may invite may name any address.
 */
export function mailSignUpInvitation(
  mailer: Pick<TMailer, "sendLimited">,
  input: {
    email: string;
    purpose: string;
    subject: string;
    /** What the invitation is to, as the mail says it ("the group "Finals"", "Indy Fieldhouse as manager"). */
    joining: string;
    /** Where, once signed up, the invitation is accepted ("Messages"), and its address. */
    acceptUnder: string;
    url: string;
  },
) {
  return mailer.sendLimited(input.email, input.purpose, async () => ({
    subject: input.subject,
    text: `Hello,\n\nYou are invited to join ${input.joining} on Hostfield.\n\nSign up with this e-mail address, then accept the invitation under ${input.acceptUnder}:\n${input.url}\n\nIf you do not want to join, ignore this e-mail.\n\nHostfield`,
  }));
}
