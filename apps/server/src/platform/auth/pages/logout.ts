// The sign-out confirmation and the page after signing out.
import { BRAND } from "@hostfield/domain/reference";
import { pageHeading, textBlock } from "./content";
import { html } from "./escape";
import { actions, button, hiddenInput, linkButton, postForm } from "./forms";
import { renderPage } from "./layout";

export type TLogoutConfirmPage = { action: string; xsrf: string };

export function renderLogoutConfirm({ action, xsrf }: TLogoutConfirmPage): string {
  const body = html`${pageHeading(`Sign out of ${BRAND}?`, "You'll need to log in again to use your account on this device.")}
${postForm({
  action,
  content: html`${hiddenInput("xsrf", xsrf)}
${actions(
  button({ label: "Sign out", name: "logout", value: "yes" }),
  // A link, not a second submit: the confirmation's form signs the app out whatever it posts
  // (oidc-provider ends the asking client's session and only `logout` decides the rest). Back at
  // the site, the app finds the session still open here and picks it up again.
  linkButton({ href: "/", label: "Stay signed in", variant: "secondary" }),
)}`,
})}`;
  return renderPage({ title: "Sign out", body });
}

export type TLoggedOutPage = { homeUrl: string };

export function renderLoggedOut({ homeUrl }: TLoggedOutPage): string {
  const body = html`${pageHeading("You're signed out")}
${textBlock(`Thanks for using ${BRAND}. See you next time.`)}
${actions(linkButton({ href: homeUrl, label: `Go to ${BRAND}` }))}`;
  return renderPage({ title: "Signed out", body });
}
