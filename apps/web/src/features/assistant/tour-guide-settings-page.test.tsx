import type { TTourGuide } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { addListing, buildListing, OWNER_ABILITIES, serveProfiles } from "../profiles/testing";
import {
  aiUuid,
  assistantWorld,
  buildAnswer,
  buildExchange,
  buildManage,
  buildQuestion,
  buildStaff,
  buildTourGuide,
  destinationSearchUrl,
  GUIDE_DESTINATION_ID,
  GUIDE_ID,
  guideUrl,
  serveAssistant,
  type TAssistantWorld,
  withDebug,
} from "./testing";
import { GUIDE_RESET, GUIDE_SAVED } from "./tour-guide-form";

beforeAll(async () => {
  await import("./tour-guide-settings-page");
}, 60_000);

const LAZY = { timeout: 10_000 };
const PATH = `/destinations/${GUIDE_DESTINATION_ID}/tour-guide`;
const GUIDE = guideUrl(GUIDE_DESTINATION_ID);
const CONFIGURED = `${GUIDE}/${GUIDE_ID}`;
const SEARCH = destinationSearchUrl(GUIDE_DESTINATION_ID);

const OWNER = buildStaff(1, { name: "Morgan Owens" });
const MANAGER = buildStaff(2, { name: "Casey Park" });

/** The guide as the destination's managers read it. */
function managedGuide(overrides: Partial<TTourGuide> = {}): TTourGuide {
  return buildTourGuide({ manage: buildManage(), ...overrides });
}

function configuredGuide(): TTourGuide {
  return managedGuide({
    id: GUIDE_ID,
    name: "Riverside Rita",
    greeting: "Hey team! Ask me about Riverside.",
    tone: "enthusiastic",
    suggestedQuestions: ["Where can we play indoors?"],
    manage: buildManage({
      stressTopics: ["grant programs", "the new fieldhouse"],
      avoidTopics: ["permit prices"],
      handoffUserIds: [MANAGER.id],
      handoff: [{ id: MANAGER.id, name: MANAGER.name, avatarUrl: null }],
      createdDate: "2026-03-01T10:00:00.000Z",
      updatedDate: "2026-03-01T10:00:00.000Z",
    }),
  });
}

function serveSettings(guide: TTourGuide = managedGuide()): TAssistantWorld {
  const world = assistantWorld();
  world.guides.set(GUIDE_DESTINATION_ID, guide);
  world.staff.set(GUIDE_DESTINATION_ID, [OWNER, MANAGER]);
  return serveAssistant(world);
}

async function openSettings() {
  const rendered = await renderApp({ path: PATH, auth: buildSignedInAuth() });
  const form = within(await screen.findByRole("form", { name: "Tour guide settings" }, LAZY));
  return { ...rendered, form };
}

describe("the tour guide's settings", () => {
  it("configures a destination's default guide", async () => {
    const world = serveSettings();
    const { user, form } = await openSettings();
    expect(
      form.getByText("Visit Riverside uses the default guide. Save to make it your own."),
    ).toBeTruthy();
    expect(form.queryByRole("button", { name: "Reset to default" })).toBeNull();
    const name = form.getByRole("textbox", { name: "Name" });
    expect((name as HTMLInputElement).value).toBe("the Riverside guide");

    await user.clear(name);
    await user.type(name, "Riverside Rita");
    await user.selectOptions(form.getByRole("combobox", { name: "Tone" }), "Professional");
    await user.click(form.getByRole("button", { name: "Add a question" }));
    await user.type(
      form.getByRole("textbox", { name: "Question 1" }),
      "Where can we play indoors?",
    );
    await user.type(
      form.getByRole("textbox", { name: "Topics to stress" }),
      "grant programs{Enter}",
    );
    await user.type(form.getByRole("textbox", { name: "Topics to avoid" }), "permit prices");
    await user.click(form.getAllByRole("button", { name: "Add" })[1]!);
    const people = within(form.getByRole("group", { name: "Who receives visitors handed over" }));
    // The owners and managers the server names as the guide's candidates.
    expect(people.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual(
      ["Morgan Owens", "Casey Park"],
    );
    await user.click(people.getByRole("checkbox", { name: "Casey Park" }));
    await user.click(form.getByRole("button", { name: "Save" }));

    expect(await screen.findByText(GUIDE_SAVED)).toBeTruthy();
    expect(sent.bodies(GUIDE, "POST")).toEqual([
      {
        data: {
          name: "Riverside Rita",
          greeting: "Hi! I answer questions about Riverside from Visit Riverside's listings.",
          tone: "professional",
          suggestedQuestions: ["Where can we play indoors?"],
          stressTopics: ["grant programs"],
          avoidTopics: ["permit prices"],
          handoffUserIds: [MANAGER.id],
          isEnabled: true,
        },
      },
    ]);
    // Configured now: the form starts from what the server kept, and can go back to the default.
    const saved = within(await screen.findByRole("form", { name: "Tour guide settings" }));
    expect(await saved.findByRole("button", { name: "Reset to default" })).toBeTruthy();
    expect(saved.queryByText(/uses the default guide/)).toBeNull();
    expect(saved.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
    expect(world.guides.get(GUIDE_DESTINATION_ID)?.id).toBe(GUIDE_ID);
  });

  it("saves a configured guide as a JSON Patch of what changed", async () => {
    serveSettings(configuredGuide());
    const { user, form } = await openSettings();
    const save = form.getByRole("button", { name: "Save" });
    expect(save.hasAttribute("disabled")).toBe(true);
    const greeting = form.getByRole("textbox", { name: "Greeting" });
    await user.clear(greeting);
    await user.type(greeting, "Welcome to Riverside!");
    await user.click(
      form.getByRole("switch", { name: "Offer the guide on the destination's page" }),
    );
    await user.click(form.getByRole("button", { name: "Remove the new fieldhouse" }));
    await user.click(form.getByRole("button", { name: "Remove question 1" }));
    await user.click(form.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(sent.to(CONFIGURED, "PATCH")).toHaveLength(1));
    expect(sent.to(CONFIGURED, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/greeting", value: "Welcome to Riverside!" },
      { op: "replace", path: "/suggestedQuestions", value: [] },
      { op: "replace", path: "/stressTopics", value: ["grant programs"] },
      { op: "replace", path: "/isEnabled", value: false },
    ]);
    expect(await screen.findByText(GUIDE_SAVED)).toBeTruthy();
  });

  it("resets the guide to the default after asking", async () => {
    const world = serveSettings(configuredGuide());
    const { user, form } = await openSettings();
    expect((form.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe(
      "Riverside Rita",
    );
    await user.click(form.getByRole("button", { name: "Reset to default" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Reset the guide to the default?" }),
    );
    await user.click(dialog.getByRole("button", { name: "Reset to default" }));
    expect(await screen.findByText(GUIDE_RESET)).toBeTruthy();
    expect(sent.to(CONFIGURED, "DELETE")).toHaveLength(1);
    const fresh = within(await screen.findByRole("form", { name: "Tour guide settings" }));
    await waitFor(() =>
      expect((fresh.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe(
        "the Riverside guide",
      ),
    );
    expect(fresh.getByText(/uses the default guide/)).toBeTruthy();
    expect(world.guides.get(GUIDE_DESTINATION_ID)?.id).toBeNull();
  });

  it("keeps someone chosen who no longer manages the destination, to be unticked", async () => {
    const world = serveSettings(configuredGuide());
    world.staff.set(GUIDE_DESTINATION_ID, [OWNER]);
    const { user, form } = await openSettings();
    const people = within(form.getByRole("group", { name: "Who receives visitors handed over" }));
    expect(people.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual(
      ["Morgan Owens", "Casey Park (No longer a manager)"],
    );
    const left = people.getByRole("checkbox", { name: "Casey Park (No longer a manager)" });
    expect((left as HTMLInputElement).checked).toBe(true);
    await user.click(left);
    await user.click(form.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.to(CONFIGURED, "PATCH")).toHaveLength(1));
    expect(sent.to(CONFIGURED, "PATCH")[0]?.body).toEqual([
      { op: "replace", path: "/handoffUserIds", value: [] },
    ]);
  });

  it("checks the fields with the contract before sending anything", async () => {
    serveSettings(configuredGuide());
    const { user, form } = await openSettings();
    await user.clear(form.getByRole("textbox", { name: "Name" }));
    await user.click(form.getByRole("button", { name: "Add a question" }));
    await user.type(form.getByRole("textbox", { name: "Question 2" }), "Hi");
    await user.click(form.getByRole("button", { name: "Save" }));
    expect(await form.findByText("Give the guide a name (at most 60 characters).")).toBeTruthy();
    expect(form.getByText("A question takes 3 to 200 characters.")).toBeTruthy();
    expect(form.getByRole("alert").textContent).toContain("Check the fields marked in red.");
    expect(sent.to(CONFIGURED, "PATCH")).toHaveLength(0);
    // A topic too short is refused as it is added.
    await user.type(form.getByRole("textbox", { name: "Topics to stress" }), "x{Enter}");
    expect(form.getByText("A topic takes 2 to 80 characters.")).toBeTruthy();
  });

  it("shows the server's problems beside their fields", async () => {
    serveSettings(configuredGuide());
    server.use(
      http.patch(CONFIGURED, () =>
        errorReply(400, "VALIDATION_FAILED", "The patched guide is not valid.", {
          issues: [{ in: "body", path: "greeting", message: "The greeting may not hold a link." }],
        }),
      ),
    );
    const { user, form } = await openSettings();
    await user.type(form.getByRole("textbox", { name: "Greeting" }), " https://x.example");
    await user.click(form.getByRole("button", { name: "Save" }));
    expect(await form.findByText("The greeting may not hold a link.")).toBeTruthy();
    expect(form.getByRole("alert").textContent).toContain(
      "The guide was not saved: check the fields marked in red.",
    );
  });

  it("tells someone who does not manage the destination that it is not theirs to change", async () => {
    serveSettings(buildTourGuide());
    await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await screen.findByRole("heading", { name: "Managers only" }, LAZY)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Visit Riverside" }).getAttribute("href")).toBe(
      `/destinations/${GUIDE_DESTINATION_ID}`,
    );
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("says when the guide did not load, with Retry", async () => {
    serveSettings();
    server.use(
      http.get(GUIDE, () => errorReply(500, "INTERNAL_ERROR", "Something broke."), { once: true }),
    );
    const { user } = await renderApp({ path: PATH, auth: buildSignedInAuth() });
    expect(await screen.findByText("The tour guide did not load", {}, LAZY)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("form", { name: "Tour guide settings" })).toBeTruthy();
  });
});

describe("the questions visitors asked", () => {
  function withExchanges(count: number) {
    const world = serveSettings(configuredGuide());
    world.exchanges = Array.from({ length: count }, (_, i) =>
      buildExchange({
        id: aiUuid(200 + i),
        title: `Question ${i + 1}?`,
        feedback: { up: 0, down: i === 0 ? 1 : 0 },
      }),
    );
    return world;
  }

  it("lists them newest first, 20 at a time, each opening to its messages", async () => {
    const world = withExchanges(21);
    world.messages.set(aiUuid(200), [
      withDebug(buildQuestion("Question 1?", { exchangeId: aiUuid(200) })),
      withDebug(
        buildAnswer({
          exchangeId: aiUuid(200),
          feedback: {
            rating: "down",
            comment: "Missed the rec center",
            date: "2026-03-10T16:00:00.000Z",
          },
        }),
      ),
    ]);
    const { user } = await openSettings();
    const section = within(screen.getByRole("region", { name: "Questions visitors asked" }));
    expect(await section.findByText("21 conversations, newest first.")).toBeTruthy();
    expect(section.getAllByRole("button", { name: /^Question \d+\?/ })).toHaveLength(20);
    await user.click(section.getByRole("button", { name: "Load more" }));
    await waitFor(() =>
      expect(section.getAllByRole("button", { name: /^Question \d+\?/ })).toHaveLength(21),
    );
    expect(sent.to(SEARCH, "POST").map((call) => call.url.searchParams.get("offset"))).toEqual([
      "0",
      "20",
    ]);

    await user.click(section.getByRole("button", { name: /^Question 1\?/ }));
    const messages = within(await section.findByRole("list", { name: "Messages" }));
    expect(messages.getByText("A visitor asked", { exact: false })).toBeTruthy();
    expect(messages.getByRole("link", { name: "Source 1: Hayes Center Arena" })).toBeTruthy();
    expect(messages.getByText("Rated not helpful: “Missed the rec center”")).toBeTruthy();
    // Managers are not told who asked, nor how the answer was found.
    expect(messages.queryByText("How the answer was found")).toBeNull();
  });

  it("narrows them to words and to answers rated not helpful", async () => {
    withExchanges(2);
    const { user } = await openSettings();
    const section = within(screen.getByRole("region", { name: "Questions visitors asked" }));
    await section.findByText("2 conversations, newest first.");
    await user.type(
      section.getByRole("searchbox", { name: "Words in the questions or answers" }),
      "hotels",
    );
    await user.click(section.getByRole("checkbox", { name: "Rated not helpful only" }));
    await user.click(section.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(sent.bodies(SEARCH, "POST").at(-1)).toEqual({
        data: { text: "hotels", rating: "down" },
      }),
    );
  });

  it("says when nobody asked yet", async () => {
    withExchanges(0);
    await openSettings();
    expect(await screen.findByText("No questions yet")).toBeTruthy();
  });
});

describe("the destination's manage menu", () => {
  it("links its managers to the tour guide", async () => {
    const profiles = serveProfiles();
    addListing(
      profiles,
      buildListing("destination", { id: GUIDE_DESTINATION_ID, name: "Visit Riverside" }),
      OWNER_ABILITIES,
    );
    const { user } = await renderApp({
      path: `/destinations/${GUIDE_DESTINATION_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "More listing actions" }, LAZY));
    const menu = within(await screen.findByRole("menu"));
    expect(menu.getByRole("menuitem", { name: "Tour guide" }).getAttribute("href")).toBe(PATH);
  });
});
