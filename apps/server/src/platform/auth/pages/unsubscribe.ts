// The page an e-mail's "Unsubscribe" link opens: a confirmation (a link scanner that follows the
// link changes nothing), then the result. Mail clients' one-click unsubscribe posts directly.
import { pageHeading, textBlock } from "./content";
import { html } from "./escape";
import { actions, button, linkButton, postForm } from "./forms";
import { renderPage } from "./layout";

export type TUnsubscribePage = { action: string; what: string; settingsUrl: string };

export function renderUnsubscribeConfirm({ action, what, settingsUrl }: TUnsubscribePage): string {
  const body = html`${pageHeading("Unsubscribe?", `You will no longer get e-mails about ${what}.`)}
${postForm({
  action,
  content: actions(
    button({ label: "Unsubscribe" }),
    linkButton({ href: settingsUrl, label: "Choose which e-mails you get", variant: "secondary" }),
  ),
})}`;
  return renderPage({ title: "Unsubscribe", body });
}

export function renderUnsubscribed({
  what,
  settingsUrl,
}: Omit<TUnsubscribePage, "action">): string {
  const body = html`${pageHeading("You're unsubscribed")}
${textBlock(`You will no longer get e-mails about ${what}. You still see them in your notifications.`)}
${actions(linkButton({ href: settingsUrl, label: "Choose which e-mails you get", variant: "secondary" }))}`;
  return renderPage({ title: "Unsubscribed", body });
}
