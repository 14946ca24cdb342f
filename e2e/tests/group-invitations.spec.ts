// Inviting people to a group without pasting ids (issue 21): the group's admin finds a co-manager of
// her listing in the members panel's people picker and invites them; the invitee accepts from the
// conversations page and sees the group. An invitation by e-mail to an address without an account
// arrives as a sign-up mail. On a phone the members panel fits the screen.
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { waitForMail } from "../support/smtp";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("an admin invites a co-manager found by name and an address by e-mail; the co-manager accepts", async ({
  browser,
}) => {
  const stamp = uniqueStamp();
  const group = `Tournament crew ${stamp}`;
  const newcomer = `newcomer-${stamp}@example.com`;
  const { page: ann } = await desktopPage(browser);
  await signedInAs(ann, "Ann Organizer", `ann-inv-${stamp}@example.com`);
  const { page: cole } = await desktopPage(browser);
  await signedInAs(cole, `Cole Comanager ${stamp}`, `cole-inv-${stamp}@example.com`);

  // Cole co-manages Ann's listing (invited and accepted, as the listing's flow has it).
  const facility = await api(
    ann,
    "POST",
    "/facility-mgmt/api/facilities",
    {
      data: {
        name: `Crew Courts ${stamp}`,
        address: {
          street: "100 S Capitol Ave",
          city: "Indianapolis",
          state: "IN",
          postalCode: "46225",
          country: "US",
        },
        lat: 39.7638,
        lng: -86.1631,
      },
    },
    201,
  );
  const toCole = await api(
    ann,
    "POST",
    `/facility-mgmt/api/facilities/${facility!.data.id}/managers`,
    { data: { email: `cole-inv-${stamp}@example.com`, role: "manager" } },
    201,
  );
  await api(cole, "POST", `/user-mgmt/api/invitations/${toCole!.data.id}/accept`);
  const created = await api(ann, "POST", "/user-mgmt/api/groups", { data: { name: group } }, 201);
  const groupId = created!.data.id;

  // Ann opens the group's members and finds Cole by a piece of his name, with the keyboard.
  await ann.goto(`/groups/${groupId}`);
  await ann.getByRole("button", { name: "Members" }).click();
  const panel = ann.getByRole("dialog", { name: /Members/ });
  const picker = panel.getByRole("combobox", { name: "Find a person" });
  await picker.fill(`Cole Comanager ${stamp}`.slice(0, 8));
  const option = ann.getByRole("option", { name: new RegExp(`Cole Comanager ${stamp}`) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(`Crew Courts ${stamp}`);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(
    ann.getByText(`Cole Comanager ${stamp} is invited.`, { exact: false }),
  ).toBeVisible();
  await expect(panel.getByText("Waiting for an answer (1)")).toBeVisible();

  // And an address without an account, by e-mail: a sign-up invitation is mailed.
  await panel.getByRole("textbox", { name: "Invite by e-mail" }).fill(newcomer);
  await panel.getByRole("button", { name: "Send invitation" }).click();
  await expect(ann.getByText(`An invitation is on its way to ${newcomer}.`)).toBeVisible();
  await expect(panel.getByText("Waiting for an answer (2)")).toBeVisible();
  const mail = await waitForMail(newcomer, new RegExp(`^You are invited to the group ${group}`));
  expect(mail.text).toContain("Sign up with this e-mail address");

  // Cole is not in the group yet: his conversations page offers the invitation; he accepts.
  await cole.goto("/groups");
  const invitations = cole.getByRole("region", { name: "Invitations" });
  await expect(invitations.getByText(group)).toBeVisible();
  await invitations.getByRole("button", { name: `Accept the invitation to ${group}` }).click();
  await expect(cole.getByText(`You joined ${group}.`)).toBeVisible();
  await expect(cole.getByRole("region", { name: "Invitations" })).toHaveCount(0);
  await cole.goto(`/groups/${groupId}`);
  await expect(cole.getByRole("heading", { name: group })).toBeVisible();

  // On a phone, Ann's members panel fits: no sideways scrolling.
  await ann.setViewportSize({ width: 375, height: 800 });
  await ann.goto(`/groups/${groupId}`);
  await ann.getByRole("button", { name: "Members" }).click();
  await expect(
    ann.getByRole("dialog", { name: /Members/ }).getByRole("combobox", { name: "Find a person" }),
  ).toBeVisible();
  const overflow = await ann.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
