// E-mail reaches people who are away: a facility manager who is signed out receives the new-lead
// mail (sent by the server over SMTP to the local test server), follows its link, signs in and
// answers with a proposal; the organizer is mailed the proposal in turn.
import { desktopPage, logInWithPopup, signedInAs } from "../support/accounts";
import { draftRequest, publish } from "../support/requests";
import { headerOf, waitForMail } from "../support/smtp";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { managedFacility } from "../support/venues";

test("a signed-out facility manager is mailed a new lead, follows the link and answers it", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const eventName = `Mail Cup ${stamp}`;
  const venue = `Mailbox Arena ${stamp}`;
  const fayEmail = `fay-mail-${stamp}@example.com`;
  const oliveEmail = `olive-mail-${stamp}@example.com`;
  const fay = await managedFacility(browser, ada, { name: "Fay Facility", email: fayEmail, venue });
  // Fay leaves: from here she is not signed in anywhere.
  await fay.context.close();

  // The organizer publishes a request her facility qualifies for.
  const { page: olive } = await desktopPage(browser);
  await signedInAs(olive, "Olive Organizer", oliveEmail);
  const draft = await draftRequest(olive, eventName);
  const { eventId } = draft;
  await publish(olive, draft);

  // The mail arrives by SMTP: the lead's page, and a one-click unsubscribe header.
  const mail = await waitForMail(fayEmail, new RegExp(`^New request: ${eventName}`));
  expect(mail.text).toContain(`${venue} received a request for proposals.`);
  expect(headerOf(mail.headers, "List-Unsubscribe")).toMatch(
    /^<https?:\/\/[^>]+\/email\/unsubscribe\?[^>]+>$/,
  );
  expect(headerOf(mail.headers, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const link = /(https?:\/\/\S+\/leads\/[\w-]+\/[\w-]+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();

  // Fay, signed out, follows the link: she is asked to log in and comes back to the lead.
  const { page: away } = await desktopPage(browser);
  await away.goto(link!);
  await (await logInWithPopup(away, fayEmail)).closed;
  await expect(away).toHaveURL(new RegExp(`/leads/${eventId}/`));
  await expect(away.getByRole("heading", { name: eventName })).toBeVisible();
  await away.getByRole("button", { name: "Respond with a proposal" }).click();
  const proposal = away.getByRole("dialog", { name: "Respond with a proposal" });
  await proposal.getByRole("textbox", { name: "Message" }).fill("All four courts are yours.");
  await proposal.getByRole("checkbox").first().check();
  await proposal.getByRole("spinbutton", { name: "Price (USD)" }).fill("3900");
  await proposal.getByRole("button", { name: "Send proposal" }).click();
  await expect(away.getByText(`Proposal sent for ${eventName}.`)).toBeVisible();

  // The organizer hears of it by mail too.
  const answered = await waitForMail(oliveEmail, new RegExp(`^New proposal from ${venue}`));
  expect(answered.text).toContain(`/events/${eventId}/proposals`);
});
