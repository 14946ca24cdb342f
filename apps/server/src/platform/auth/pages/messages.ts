// Pages that only explain something: an expired or used link, or an error.
import { pageHeading, textBlock } from "./content";
import { html } from "./escape";
import { actions, linkButton } from "./forms";
import { renderPage } from "./layout";

export type TLinkInvalidPage = {
  title: string;
  message: string;
  actionUrl?: string;
  /** Defaults to "Try again"; say what the action does, e.g. "Send a new link". */
  actionLabel?: string;
};

export function renderLinkInvalid({
  title,
  message,
  actionUrl,
  actionLabel = "Try again",
}: TLinkInvalidPage): string {
  const body = html`${pageHeading(title)}
${textBlock(message)}
${actionUrl && actions(linkButton({ href: actionUrl, label: actionLabel }))}`;
  return renderPage({ title, body });
}

export type TErrorPage = { title: string; message: string; homeUrl?: string };

export function renderError({ title, message, homeUrl = "/" }: TErrorPage): string {
  const body = html`${pageHeading(title)}
${textBlock(message)}
${actions(linkButton({ href: homeUrl, label: "Go to the home page" }))}`;
  return renderPage({ title, body });
}
