// Messaging between two people in two browsers: A opens a conversation from B's page and writes;
// B gets the toast and the badges live, opens it with View and replies; A sees the reply live.
import { signedInAs } from "../support/accounts";
import { userIdOf } from "../support/db";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("two members talk: toast, badges, View, and replies that arrive live", async ({ browser }) => {
  const stamp = uniqueStamp();
  const annEmail = `ann-${stamp}@example.com`;
  const benEmail = `ben-${stamp}@example.com`;
  const ann = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  const ben = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  await signedInAs(ann, "Ann Archer", annEmail);
  await signedInAs(ben, "Ben Bowler", benEmail);
  const benId = await userIdOf(benEmail);

  // Ben waits on his home page; nothing unread yet.
  await expect(ben.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  await expect(ben.getByRole("link", { name: "Messaging", exact: true })).toBeVisible();

  // Ann opens Ben's page and starts the conversation.
  await ann.goto(`/users/${benId}`);
  await expect(ann.getByRole("heading", { level: 1, name: "Ben Bowler" })).toBeVisible();
  await ann.getByRole("button", { name: "Message" }).click();
  await expect(ann).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const conversation = new URL(ann.url()).pathname;
  await ann
    .getByRole("textbox", { name: "Message" })
    .fill("Are you bringing the U12 team on Saturday?");
  await ann.getByRole("button", { name: "Send message" }).click();
  const annLog = ann.getByRole("log", { name: "Messages" });
  await expect(annLog.getByText("Are you bringing the U12 team on Saturday?")).toBeVisible();
  // Ben is signed in (his session hub is connected), so his avatar carries the online dot.
  await expect(ann.getByText("Ben Bowler is online").first()).toBeAttached();

  // Ben hears of it at once: a toast from Ann, and both badges.
  const toast = ben.getByRole("alert").filter({ hasText: "Ann Archer" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Are you bringing the U12 team on Saturday?");
  await expect(ben.getByRole("link", { name: "1 unopened notification" })).toBeVisible();
  await expect(ben.getByRole("link", { name: "Messaging (unread messages)" })).toBeVisible();
  await toast.getByRole("button", { name: "View" }).click();
  await expect(ben).toHaveURL(new RegExp(`${conversation}$`));
  await expect(
    ben
      .getByRole("log", { name: "Messages" })
      .getByText("Are you bringing the U12 team on Saturday?"),
  ).toBeVisible();
  await expect(ben.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // Ben replies; Ann, still on the conversation, sees it without reloading.
  await ben.getByRole("textbox", { name: "Message" }).fill("Yes, 14 players and 2 coaches.");
  await ben.getByRole("button", { name: "Send message" }).click();
  await expect(annLog.getByText("Yes, 14 players and 2 coaches.")).toBeVisible();

  // Kept with the run's artifacts, to look at.
  await ann.screenshot({ path: test.info().outputPath("conversation-1280.png") });
  await ben.setViewportSize({ width: 375, height: 800 });
  await ben.screenshot({ path: test.info().outputPath("conversation-375.png") });
  await ben.goto("/notifications");
  // The message's notification, opened when Ben read the conversation.
  await expect(ben.getByRole("listitem").filter({ hasText: "Ann Archer" }).first()).toBeVisible();
  await ben.screenshot({ path: test.info().outputPath("notifications-375.png") });
});
