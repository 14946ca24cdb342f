// My requests lists the newest request activity first: a request just published for an organizer's
// oldest event is on page 1, ahead of ten newer events without a request.
import { FOUR_INDOOR_COURTS, NEAR_INDIANAPOLIS } from "@hostfield/domain/testing";
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("a request just published is on page 1 of My requests", async ({ page }) => {
  const stamp = uniqueStamp();
  await signedInAs(page, "Olga Organizer", `olga-${stamp}@example.com`);
  const event = async (name: string) =>
    (await api(
      page,
      "POST",
      "/event-mgmt/api/events",
      { data: { name, type: "Tournament", startDate: "2031-06-12", endDate: "2031-06-14" } },
      201,
    ))!.data.id as string;
  const oldest = await event(`Oldest Open ${stamp}`);
  for (let i = 1; i <= 10; i += 1) await event(`Quiet Event ${i} ${stamp}`);
  const draft = (await api(
    page,
    "POST",
    `/event-mgmt/api/events/${oldest}/requirements`,
    {
      data: { ...FOUR_INDOOR_COURTS, ...NEAR_INDIANAPOLIS, spaceDescription: null, urgency: 2 },
    },
    201,
  ))!.data.id as string;
  await api(page, "PUT", `/event-mgmt/api/events/${oldest}/requirements/${draft}/publish`);

  await page.goto("/requests");
  await expect(page.getByText(/^Page 1 of 2 · 11 events you manage$/)).toBeVisible();
  const section = page.getByRole("region", { name: `Oldest Open ${stamp}` });
  await expect(section).toBeVisible();
  await expect(section.getByText("Published")).toBeVisible();
  await expect(page.getByText("No requests among the events on this page.")).toHaveCount(0);
});
