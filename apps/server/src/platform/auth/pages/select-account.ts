// The account chooser shown when a session exists: continue as that account or switch.
import { pageHeading } from "./content";
import { html } from "./escape";
import { actions, button, postForm } from "./forms";
import { renderPage } from "./layout";

export type TSelectAccountPage = {
  action: string;
  account: { name: string; email: string };
};

export function renderSelectAccount({ action, account }: TSelectAccountPage): string {
  const body = html`${pageHeading("Choose an account", "You're already logged in on this device.")}
${postForm({
  action,
  content: actions(
    button({
      label: `Continue as ${account.name} (${account.email})`,
      name: "choice",
      value: "continue",
    }),
    button({ label: "Use another account", variant: "secondary", name: "choice", value: "switch" }),
  ),
})}`;
  return renderPage({ title: "Choose an account", body });
}
