import type { TTrackEvent } from "@hostfield/domain/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { setTracker } from "../../lib/tracking";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { stubUploads } from "../../test/upload-stub";
import { addListing, buildListing, OWNER_ABILITIES, serveProfiles } from "../profiles/testing";
import { DEALS_SECTION_TITLE } from "./business-promotions-section";
import { CHOOSE_DEAL_IMAGE } from "./promotion-image-field";
import {
  buildPromotion,
  DINER_ID,
  promotionsHandlers,
  promotionsUrl,
  promotionsWorld,
  promotionUuid,
} from "./testing";

/** The section loads with its own code, only on business pages. */
const LAZY = { timeout: 10_000 };

function businessWith(promotions = [buildPromotion()], abilities?: string[]) {
  const profiles = serveProfiles();
  addListing(profiles, buildListing("business", { id: DINER_ID, name: "Canal Diner" }), abilities);
  const world = promotionsWorld({ byBusiness: { [DINER_ID]: promotions } });
  server.use(...promotionsHandlers(world));
  return world;
}

const deals = async () =>
  within(await screen.findByRole("region", { name: DEALS_SECTION_TITLE }, LAZY));

describe("a business's deals", () => {
  afterEach(() => setTracker(null));

  it("shows visitors its current and upcoming deals, not expired ones, and counts a redemption", async () => {
    businessWith([
      buildPromotion({
        id: promotionUuid(1),
        title: "Free dessert",
        offer: { type: "text", text: "Free dessert for teams" },
        days: ["Fri", "Sat"],
        startTime: "11:00",
        endTime: "21:00",
        code: null,
        redemptionUrl: "https://diner.example.com/teams",
        isDefault: true,
      }),
      buildPromotion({ id: promotionUuid(2), title: "Old deal", status: "expired" }),
      buildPromotion({ id: promotionUuid(3), title: "Team lunch", code: "LUNCH5" }),
    ]);
    const tracked: TTrackEvent[] = [];
    setTracker({ track: (event) => tracked.push(event), flush: () => undefined });
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedOutAuth() });
    const section = await deals();
    const cards = section.getAllByRole("listitem").map((li) => li.getAttribute("aria-label"));
    expect(cards).toEqual(["Free dessert", "Team lunch"]);
    const dessert = within(section.getByRole("listitem", { name: "Free dessert" }));
    expect(dessert.getByText("Free dessert for teams")).toBeTruthy();
    expect(dessert.getByText(/Fri, Sat · 11:00–21:00/)).toBeTruthy();
    expect(dessert.getByRole("link", { name: /Redeem/ }).getAttribute("href")).toBe(
      "https://diner.example.com/teams",
    );
    expect(section.queryByRole("button", { name: "Add a deal" })).toBeNull();
    // The code shows on demand, and that counts as the business's promotion click.
    const lunch = within(section.getByRole("listitem", { name: "Team lunch" }));
    expect(lunch.queryByText("LUNCH5")).toBeNull();
    fireEvent.click(lunch.getByRole("button", { name: "Show code" }));
    expect(lunch.getByText("LUNCH5")).toBeTruthy();
    expect(tracked.filter((e) => e.type === "click")).toEqual([
      { type: "click", kind: "business", id: DINER_ID, target: "promotion", ref: promotionUuid(3) },
    ]);
  });

  it("shows nothing to visitors when the business has no deals", async () => {
    businessWith([]);
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedOutAuth() });
    await screen.findByRole("heading", { name: "Canal Diner" }, LAZY);
    await waitFor(() => expect(sent.to(promotionsUrl(DINER_ID), "GET")).toHaveLength(1));
    expect(screen.queryByRole("region", { name: DEALS_SECTION_TITLE })).toBeNull();
  });

  it("lets its manager add a deal, checked before it is sent", async () => {
    const world = businessWith([], OWNER_ABILITIES);
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedInAuth() });
    const section = await deals();
    expect(section.getByText(/No deals yet/)).toBeTruthy();
    fireEvent.click(section.getByRole("button", { name: "Add a deal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a deal" }));
    fireEvent.change(dialog.getByRole("textbox", { name: "Title" }), {
      target: { value: "15% off team dinners" },
    });
    fireEvent.change(dialog.getByLabelText("Percent off"), { target: { value: "15" } });
    // Both dates are required and say so; an empty end date is asked for in words.
    expect(dialog.getByLabelText(/Valid from/).hasAttribute("required")).toBe(true);
    expect(dialog.getByLabelText(/Valid to/).hasAttribute("required")).toBe(true);
    fireEvent.click(dialog.getByRole("button", { name: "Add deal" }));
    expect(await dialog.findByText("Choose the last day the deal runs")).toBeTruthy();
    expect(dialog.queryByText(/YYYY-MM-DD/)).toBeNull();
    fireEvent.change(dialog.getByLabelText(/Valid to/), { target: { value: "2099-12-31" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add deal" }));
    // Neither a code nor a link: refused at its field, nothing sent.
    expect(await dialog.findByText("Give a code or a redemption link")).toBeTruthy();
    expect(sent.to(promotionsUrl(DINER_ID), "POST")).toHaveLength(0);
    fireEvent.change(dialog.getByRole("textbox", { name: "Code" }), {
      target: { value: "DINE15" },
    });
    fireEvent.click(dialog.getByRole("checkbox", { name: "Sat" }));
    fireEvent.click(dialog.getByRole("checkbox", { name: "Coaches" }));
    fireEvent.click(dialog.getByRole("button", { name: "Add deal" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(promotionsUrl(DINER_ID), "POST")).toEqual([
      {
        data: expect.objectContaining({
          title: "15% off team dinners",
          offer: { type: "percentage", value: 15 },
          validTo: "2099-12-31",
          code: "DINE15",
          days: ["Sat"],
          audienceTags: ["Coaches"],
          isDefault: false,
        }),
      },
    ]);
    expect(world.byBusiness.get(DINER_ID)).toHaveLength(1);
    expect(await section.findByRole("listitem", { name: "15% off team dinners" })).toBeTruthy();
  });

  it("uploads a deal's image as the listing's images are, with no link to type", async () => {
    businessWith([], OWNER_ABILITIES);
    const stored = `/media/profiles/businesses/promotions/${DINER_ID}/${promotionUuid(77)}.png`;
    const uploads = stubUploads(() => ({ url: stored }));
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedInAuth() });
    const section = await deals();
    fireEvent.click(section.getByRole("button", { name: "Add a deal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a deal" }));
    // No field takes a link to an image.
    expect(dialog.queryByRole("textbox", { name: /image/i })).toBeNull();
    fireEvent.change(dialog.getByRole("textbox", { name: "Title" }), {
      target: { value: "Pictured dinner" },
    });
    fireEvent.change(dialog.getByLabelText("Percent off"), { target: { value: "10" } });
    fireEvent.change(dialog.getByLabelText(/Valid to/), { target: { value: "2099-12-31" } });
    fireEvent.change(dialog.getByRole("textbox", { name: "Code" }), {
      target: { value: "DINE10" },
    });

    const file = new File(["png"], "dinner.png", { type: "image/png" });
    fireEvent.change(dialog.getByLabelText(CHOOSE_DEAL_IMAGE), { target: { files: [file] } });
    expect(await dialog.findByRole("progressbar", { name: "Uploading dinner.png" })).toBeTruthy();
    expect(uploads.sent.map(({ method, url }) => [method, url])).toEqual([
      ["POST", `${promotionsUrl(DINER_ID)}/images?api-version=1.0`],
    ]);
    expect((uploads.sent[0]!.body.get("file") as File).name).toBe("dinner.png");
    // The deal waits for its image.
    expect(dialog.getByRole("button", { name: "Add deal" }).hasAttribute("disabled")).toBe(true);
    act(() => uploads.pending.finish?.());
    const shown = await dialog.findByRole("img", { name: "The deal's image" });
    expect(shown.getAttribute("src")).toContain(stored);
    expect(dialog.getByRole("button", { name: "Remove the image" })).toBeTruthy();

    fireEvent.click(dialog.getByRole("button", { name: "Add deal" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(promotionsUrl(DINER_ID), "POST")).toEqual([
      { data: expect.objectContaining({ title: "Pictured dinner", image: stored }) },
    ]);
  });

  it("shows the server's refusal of an upload in the form, and keeps the image it had", async () => {
    const had = `/media/profiles/businesses/promotions/${DINER_ID}/${promotionUuid(78)}.png`;
    businessWith(
      [buildPromotion({ id: promotionUuid(6), title: "Team lunch", image: had })],
      OWNER_ABILITIES,
    );
    const uploads = stubUploads(() => ({ url: "unused" }));
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedInAuth() });
    const section = await deals();
    fireEvent.click(await section.findByRole("button", { name: "Edit Team lunch" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Change the deal" }));
    const pdf = new File(["%PDF"], "menu.pdf", { type: "application/pdf" });
    fireEvent.change(dialog.getByLabelText(CHOOSE_DEAL_IMAGE), { target: { files: [pdf] } });
    await dialog.findByRole("progressbar", { name: "Uploading menu.pdf" });
    act(() =>
      uploads.pending.fail?.(
        415,
        "UNSUPPORTED_FILE_TYPE",
        "Upload a PNG, JPEG, WebP, GIF or AVIF image.",
      ),
    );
    expect((await dialog.findByRole("alert")).textContent).toContain(
      "Upload a PNG, JPEG, WebP, GIF or AVIF image.",
    );
    expect(dialog.getByRole("img", { name: "The deal's image" }).getAttribute("src")).toContain(
      had,
    );
    expect(dialog.getByRole("button", { name: /^Replace the image/ })).toBeTruthy();
  });

  it("shows its manager the server's refusal in the dialog, and expired deals marked", async () => {
    businessWith(
      [buildPromotion({ id: promotionUuid(5), title: "Old deal", status: "expired" })],
      OWNER_ABILITIES,
    );
    server.use(
      http.patch(`${promotionsUrl(DINER_ID)}/:childId`, () =>
        errorReply(400, "VALIDATION_FAILED", "A promotion cannot end before it starts"),
      ),
    );
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedInAuth() });
    const section = await deals();
    const old = within(await section.findByRole("listitem", { name: "Old deal" }));
    expect(old.getByText("Expired")).toBeTruthy();
    fireEvent.click(old.getByRole("button", { name: "Edit Old deal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Change the deal" }));
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    expect((await dialog.findByRole("alert")).textContent).toContain(
      "A promotion cannot end before it starts",
    );
  });

  it("offers a retry when the deals fail to load", async () => {
    businessWith([], OWNER_ABILITIES);
    let calls = 0;
    server.use(
      http.get(promotionsUrl(DINER_ID), () => {
        calls += 1;
        return calls === 1
          ? // A failure that is not an outage: an outage's reads recover by themselves (lib/connection).
            errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side.")
          : undefined;
      }),
    );
    renderApp({ path: `/businesses/${DINER_ID}`, auth: buildSignedInAuth() });
    const section = await deals();
    fireEvent.click(await section.findByRole("button", { name: "Retry" }));
    expect(await section.findByText(/No deals yet/)).toBeTruthy();
  });
});
