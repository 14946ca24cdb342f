// The sign-out confirmation and the page after signing out.
import { BRAND } from "@hostfield/domain/reference";
import { pageHeading, textBlock } from "./content";
import { html } from "./escape";
import { actions, button, hiddenInput, linkButton, postForm } from "./forms";
import { renderPage } from "./layout";

/** Submits the sign-out form at once: served under /oidc (provider.ts), allowed by script-src 'self'. */
export const SIGN_OUT_SCRIPT_PATH = "/oidc/sign-out.js";
export const SIGN_OUT_SCRIPT =
  'document.querySelector("form")?.requestSubmit(document.querySelector("button[name=logout]"));\n';

/**
 * The page the member came from (the Referer), as a path on this site, or the site's root. Only
 * the path is kept, so a Referer from elsewhere can only name a page here (the origin the browser
 * sees can differ from PUBLIC_URL's behind a proxy); a path that a browser would read as another
 * host (`//evil.example`) or the sign-in pages themselves give the root.
 */
export function pageLeft(referer: string | undefined): string {
  if (!referer || !URL.canParse(referer)) return "/";
  const { pathname, search } = new URL(referer);
  if (/^\/[\\/]/.test(pathname) || pathname.startsWith("/oidc")) return "/";
  return `${pathname}${search}`;
}

export type TLogoutConfirmPage = {
  action: string;
  xsrf: string;
  /** Where "Stay signed in" goes: the page the member left, on this site. */
  stayUrl?: string;
  /**
   * The app's own Sign out (it names the member's session by its ID token): the member already
   * chose it, so the page signs out at once instead of asking again; without scripts it asks.
   */
  atOnce?: boolean;
};

export function renderLogoutConfirm({
  action,
  xsrf,
  stayUrl = "/",
  atOnce = false,
}: TLogoutConfirmPage): string {
  const body = html`${pageHeading(`Sign out of ${BRAND}?`, "You'll need to log in again to use your account on this device.")}
${postForm({
  action,
  content: html`${hiddenInput("xsrf", xsrf)}
${actions(
  button({ label: "Sign out", name: "logout", value: "yes" }),
  // A link, not a second submit: the confirmation's form signs the app out whatever it posts
  // (oidc-provider ends the asking client's session and only `logout` decides the rest). Back at
  // the site, the app finds the session still open here and picks it up again.
  linkButton({ href: stayUrl, label: "Stay signed in", variant: "secondary" }),
)}`,
})}`;
  return renderPage({
    title: "Sign out",
    body,
    ...(atOnce ? { script: SIGN_OUT_SCRIPT_PATH } : {}),
  });
}

export type TLoggedOutPage = { homeUrl: string };

export function renderLoggedOut({ homeUrl }: TLoggedOutPage): string {
  const body = html`${pageHeading("You're signed out")}
${textBlock(`Thanks for using ${BRAND}. See you next time.`)}
${actions(linkButton({ href: homeUrl, label: `Go to ${BRAND}` }))}`;
  return renderPage({ title: "Signed out", body });
}
