// The pages around e-mail verification: the link was sent, and the address is verified.
import { BRAND } from "@hostfield/domain/reference";
import { cardLinks, mutedText, pageHeading, textBlock } from "./content";
import { html } from "./escape";
import { actions, linkButton } from "./forms";
import { renderPage } from "./layout";

export type TVerifyEmailSentPage = { email: string; signInUrl?: string };

export function renderVerifyEmailSent({ email, signInUrl }: TVerifyEmailSentPage): string {
  // Spec §8: clients recognise this state by the words "Look for an email"; keep them verbatim.
  const body = html`${pageHeading("Check your e-mail")}
${textBlock(
  html`We sent a verification link to <strong>${email}</strong>. Look for an email from ${BRAND} and open the link to finish.`,
)}
${mutedText("It can take a few minutes to arrive. If it doesn't, check your spam folder.")}
${signInUrl && cardLinks({ lead: "Already verified?", href: signInUrl, label: "Log in" })}`;
  return renderPage({ title: "Check your e-mail", body });
}

export type TEmailVerifiedPage = { signInUrl?: string };

export function renderEmailVerified({ signInUrl }: TEmailVerifiedPage = {}): string {
  const body = html`${pageHeading("Your e-mail is verified")}
${
  signInUrl
    ? html`${textBlock(`Thanks for confirming. Log in to continue to ${BRAND}.`)}
${actions(linkButton({ href: signInUrl, label: "Log in" }))}`
    : textBlock(`Thanks for confirming. You can close this page and return to ${BRAND}.`)
}`;
  return renderPage({ title: "E-mail verified", body });
}
