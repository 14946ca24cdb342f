import { act, screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { beforeAll, describe, expect, it } from "vitest";
import type { TAuthContextValue } from "../../lib/auth";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { messagingHandlers, TEAM_ID } from "../messaging/testing";
import { addListing, buildListing, serveProfiles } from "../profiles/testing";
import {
  aiUuid,
  askUrl,
  assistantWorld,
  buildAnswer,
  buildExchange,
  buildQuestion,
  buildSuggestion,
  EXCHANGE_ID,
  feedbackPath,
  followUpsPath,
  GUIDE_DESTINATION_ID,
  guideUrl,
  HAYES_ID,
  handoffPath,
  MY_SEARCH,
  messagesUrl,
  piecesOf,
  rateLimitedReply,
  serveAssistant,
  type TAssistantWorld,
  VISITOR_KEY,
  withDebug,
} from "./testing";

// The page's and the chat's code load cold in a busy run; loaded once here, a test waits for
// what it shows rather than for the transform of their modules.
beforeAll(async () => {
  await import("../profiles/profile-page");
  await import("./guide-chat");
}, 60_000);

const LAZY = { timeout: 10_000 };
const DESTINATION_PATH = `/destinations/${GUIDE_DESTINATION_ID}`;
const STORED = `hostfield.assistant.exchange.${GUIDE_DESTINATION_ID}`;
const GREETING = "Hi! I answer questions about Riverside from Visit Riverside's listings.";

/** Visit Riverside's page (and Hayes Center Arena's, which answers cite) over `world`. */
function serveWorlds(world: TAssistantWorld = assistantWorld()) {
  const profiles = serveProfiles();
  addListing(
    profiles,
    buildListing("destination", {
      id: GUIDE_DESTINATION_ID,
      name: "Visit Riverside",
      slug: "visit-riverside",
    }),
  );
  addListing(
    profiles,
    buildListing("facility", { id: HAYES_ID, name: "Hayes Center Arena", slug: "hayes" }),
  );
  return serveAssistant(world);
}

async function openDestination(auth: TAuthContextValue = buildSignedOutAuth(), width?: number) {
  const rendered = await renderApp({ path: DESTINATION_PATH, auth, width });
  const button = await screen.findByRole("button", { name: "Ask the Riverside guide" }, LAZY);
  return { ...rendered, button };
}

async function openChat(auth?: TAuthContextValue, width?: number) {
  const opened = await openDestination(auth, width);
  await opened.user.click(opened.button);
  const dialog = await screen.findByRole("dialog", { name: "Ask the Riverside guide" }, LAZY);
  return { ...opened, chat: within(dialog), dialog };
}

const input = (chat: ReturnType<typeof within>) =>
  chat.getByRole("textbox", { name: "Your question" });
const log = (chat: ReturnType<typeof within>) => chat.getByRole("log", { name: "Conversation" });

/** A promise the test resolves when the stream may go on. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe("the guide on a destination's page", () => {
  it("offers the guide once the page shows, opens it with its greeting and questions, and gives focus back on close", async () => {
    serveWorlds();
    const { user, chat, button } = await openChat(buildSignedOutAuth(), 1440);
    expect(chat.getByText(GREETING)).toBeTruthy();
    const chips = within(await chat.findByRole("list", { name: "Suggested questions" }));
    expect(chips.getAllByRole("button").map((chip) => chip.textContent)).toEqual([
      "Where can 40 volleyball teams play indoors?",
      "Which hotels are under $150?",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(input(chat)));
    expect(sent.to(guideUrl(GUIDE_DESTINATION_ID), "GET")).toHaveLength(1);

    await user.click(chat.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
    // The drawer is no modal: the page stayed usable, and Escape closes it too.
    await user.click(button);
    const again = await screen.findByRole("dialog", { name: "Ask the Riverside guide" });
    expect(again.getAttribute("aria-modal")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(input(within(again))));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("shows the answer as it is written, then with its sources linking to the listings", async () => {
    const held = gate();
    const world = serveWorlds(assistantWorld({ hold: held.promise }));
    const { user, chat, router } = await openChat();
    await user.type(input(chat), "Where can 40 volleyball teams play indoors?{Enter}");

    // The question shows, and the first piece of the answer while the rest is still coming.
    await waitFor(() => expect(log(chat).textContent).toContain("Hayes Center Arena"));
    expect(log(chat).textContent).toContain("Where can 40 volleyball teams play indoors?");
    expect(log(chat).textContent).not.toContain("indoor hardwood courts");
    expect(log(chat).getAttribute("aria-busy")).toBe("true");
    expect(log(chat).getAttribute("aria-live")).toBe("polite");
    expect(chat.queryByRole("list", { name: "Sources" })).toBeNull();
    expect((input(chat) as HTMLTextAreaElement).value).toBe("");

    await act(async () => held.open());
    await waitFor(() => expect(log(chat).textContent).toContain("has 8 indoor hardwood courts."));
    expect(log(chat).getAttribute("aria-busy")).toBe("false");
    const marker = chat.getByRole("link", { name: "Source 1: Hayes Center Arena" });
    expect(marker.getAttribute("href")).toBe(`/facilities/${HAYES_ID}`);
    const sources = within(chat.getByRole("list", { name: "Sources" }));
    const chip = sources.getByRole("link", { name: /Hayes Center Arena/ });
    expect(chip.textContent).toBe("1. Hayes Center Arena · 8 indoor hardwood courts · 4 mi");
    expect(chip.getAttribute("href")).toBe(`/facilities/${HAYES_ID}`);
    // The answer's own follow-ups are offered next.
    const chips = within(chat.getByRole("list", { name: "Suggested questions" }));
    expect(chips.getAllByRole("button").map((c) => c.textContent)).toEqual([
      "Hotels near Hayes Center Arena?",
    ]);
    // The exchange is kept for a reload.
    expect(JSON.parse(window.sessionStorage.getItem(STORED) ?? "null")).toEqual({
      id: EXCHANGE_ID,
      key: null,
    });
    expect(world.messages.get(EXCHANGE_ID)).toHaveLength(2);

    // On a wide screen the chat stays open beside the listing a source leads to.
    await user.click(chip);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/facilities/${HAYES_ID}`));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Hayes Center Arena" }),
    ).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Ask the Riverside guide" })).toBeTruthy();
  });

  it("continues the exchange with a suggested question", async () => {
    const world = serveWorlds(assistantWorld({ stream: false }));
    const { user, chat } = await openChat();
    await user.click(await chat.findByRole("button", { name: "Which hotels are under $150?" }));
    await chat.findByRole("list", { name: "Sources" });
    world.answer = (_q, exchangeId) => {
      const answer = buildAnswer({
        exchangeId,
        content: "Riverside Inn [1] has rooms from $119.",
        citations: [
          {
            ref: 1,
            kind: "hotel",
            id: aiUuid(12),
            name: "Riverside Inn",
            url: `/hotels/${aiUuid(12)}`,
            detail: "from $119 · 1 mi",
          },
        ],
        suggestions: [],
      });
      return { answer, deltas: piecesOf(answer.content) };
    };
    await user.click(chat.getByRole("button", { name: "Hotels near Hayes Center Arena?" }));
    expect(await chat.findByRole("link", { name: "Source 1: Riverside Inn" })).toBeTruthy();
    expect(sent.bodies(askUrl(GUIDE_DESTINATION_ID), "POST")).toEqual([
      { data: { message: "Which hotels are under $150?" } },
      { data: { message: "Hotels near Hayes Center Arena?", exchangeId: EXCHANGE_ID } },
    ]);
  });

  it("rates an answer down with a comment", async () => {
    const world = serveWorlds();
    const { user, chat } = await openChat(buildSignedInAuth());
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    await chat.findByRole("list", { name: "Sources" });
    const answerId = world.messages.get(EXCHANGE_ID)?.[1]?.id ?? "";

    await user.click(chat.getByRole("button", { name: "Not helpful" }));
    await waitFor(() =>
      expect(chat.getByRole("button", { name: "Not helpful" }).getAttribute("aria-pressed")).toBe(
        "true",
      ),
    );
    expect(chat.getByRole("button", { name: "Helpful" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    await user.type(
      chat.getByRole("textbox", { name: "What was wrong? (optional)" }),
      "It missed the rec center",
    );
    await user.click(chat.getByRole("button", { name: "Send comment" }));
    expect(await chat.findByText("Thanks for your feedback.")).toBeTruthy();
    expect(sent.bodies(feedbackPath(EXCHANGE_ID, answerId), "PUT")).toEqual([
      { data: { rating: "down", comment: null } },
      { data: { rating: "down", comment: "It missed the rec center" } },
    ]);
  });

  it("a visitor rates with the exchange key the first answer gave", async () => {
    const world = serveWorlds(assistantWorld({ exchangeKey: VISITOR_KEY }));
    const { user, chat } = await openChat();
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    await chat.findByRole("list", { name: "Sources" });
    const answerId = world.messages.get(EXCHANGE_ID)?.[1]?.id ?? "";
    await user.click(chat.getByRole("button", { name: "Helpful" }));
    await waitFor(() =>
      expect(sent.to(feedbackPath(EXCHANGE_ID, answerId), "PUT")).toHaveLength(1),
    );
    expect(sent.bodies(feedbackPath(EXCHANGE_ID, answerId), "PUT")).toEqual([
      { data: { rating: "up", comment: null, exchangeKey: VISITOR_KEY } },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(STORED) ?? "null")).toEqual({
      id: EXCHANGE_ID,
      key: VISITOR_KEY,
    });
  });

  it("hands a signed-in visitor over to the destination's team when the records cannot answer", async () => {
    const world = assistantWorld({ handoffGroupId: TEAM_ID });
    world.answer = (_q, exchangeId) => {
      const answer = buildAnswer({
        exchangeId,
        content: "Our records do not show the city's permit prices.",
        citations: [],
        suggestions: [],
        answered: false,
        handoff: true,
      });
      return { answer, deltas: [answer.content] };
    };
    serveWorlds(world);
    server.use(...messagingHandlers());
    const { user, chat, router } = await openChat(buildSignedInAuth());
    await user.type(input(chat), "How much are city permits?{Enter}");
    await user.click(
      await chat.findByRole("button", { name: "Message Visit Riverside's team" }, LAZY),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/groups/${TEAM_ID}`));
    expect(sent.to(handoffPath(EXCHANGE_ID), "POST")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("asks a visitor to sign in before messaging the team", async () => {
    const world = assistantWorld();
    world.answer = (_q, exchangeId) => {
      const answer = buildAnswer({
        exchangeId,
        content: "Our records do not show that.",
        citations: [],
        answered: false,
        handoff: true,
      });
      return { answer, deltas: [answer.content] };
    };
    serveWorlds(world);
    const auth = buildSignedOutAuth();
    const { user, chat } = await openChat(auth);
    await user.type(input(chat), "Permit prices?{Enter}");
    await user.click(await chat.findByRole("button", { name: "Message Visit Riverside's team" }));
    expect(await chat.findByText(/Sign in to message Visit Riverside's team/)).toBeTruthy();
    await user.click(chat.getByRole("button", { name: "Log in" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: DESTINATION_PATH });
    expect(sent.to(handoffPath(EXCHANGE_ID), "POST")).toHaveLength(0);
  });

  it("reopens an earlier conversation from History", async () => {
    const earlier = aiUuid(40);
    const world = assistantWorld();
    world.exchanges = [
      buildExchange({ id: earlier, title: "Hotels under $150?", messageCount: 2 }),
    ];
    world.messages.set(earlier, [
      withDebug(buildQuestion("Hotels under $150?", { exchangeId: earlier })),
      withDebug(
        buildAnswer({
          exchangeId: earlier,
          content: "Riverside Inn has rooms from $119.",
          citations: [],
          suggestions: [buildSuggestion("Any with a pool?")],
        }),
      ),
    ]);
    world.followUps.set(earlier, [buildSuggestion("Which ones have a pool?")]);
    serveWorlds(world);
    const { user, chat } = await openChat(buildSignedInAuth());
    await user.click(chat.getByRole("button", { name: "History" }));
    const list = within(await chat.findByRole("list", { name: "Earlier conversations" }));
    expect(sent.bodies(MY_SEARCH, "POST")).toEqual([
      { data: { kind: "tour-guide", destinationId: GUIDE_DESTINATION_ID } },
    ]);
    await user.click(list.getByRole("button", { name: /^Hotels under \$150\?/ }));
    await waitFor(() =>
      expect(log(chat).textContent).toContain("Riverside Inn has rooms from $119."),
    );
    expect(log(chat).textContent).toContain("Hotels under $150?");
    // The server's follow-ups to its last answer.
    expect(await chat.findByRole("button", { name: "Which ones have a pool?" })).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(STORED) ?? "null")).toEqual({
      id: earlier,
      key: null,
    });
  });

  it("says so when there is no history yet", async () => {
    serveWorlds();
    const { user, chat } = await openChat(buildSignedInAuth());
    await user.click(chat.getByRole("button", { name: "History" }));
    expect(await chat.findByText("No earlier conversations")).toBeTruthy();
    await user.click(chat.getByRole("button", { name: "Back to the conversation" }));
    expect(chat.getByText(GREETING)).toBeTruthy();
  });

  it("offers no History to a visitor who is not signed in", async () => {
    serveWorlds();
    const { chat } = await openChat();
    expect(chat.queryByRole("button", { name: "History" })).toBeNull();
  });

  it("continues after a reload the exchange this tab had", async () => {
    const world = assistantWorld({ exchangeKey: VISITOR_KEY });
    world.messages.set(EXCHANGE_ID, [
      withDebug(buildQuestion("Indoor volleyball?")),
      withDebug(buildAnswer()),
    ]);
    world.followUps.set(EXCHANGE_ID, [buildSuggestion("Hotels near it?")]);
    serveWorlds(world);
    window.sessionStorage.setItem(STORED, JSON.stringify({ id: EXCHANGE_ID, key: VISITOR_KEY }));
    const { user, chat } = await openChat();
    await waitFor(() => expect(log(chat).textContent).toContain("Indoor volleyball?"));
    expect(log(chat).textContent).toContain("has 8 indoor hardwood courts.");
    expect(sent.to(messagesUrl(EXCHANGE_ID), "GET")[0]?.headers["x-exchange-key"]).toBe(
      VISITOR_KEY,
    );
    await user.click(await chat.findByRole("button", { name: "Hotels near it?" }));
    await waitFor(() => expect(sent.to(askUrl(GUIDE_DESTINATION_ID), "POST")).toHaveLength(1));
    expect(sent.bodies(askUrl(GUIDE_DESTINATION_ID), "POST")[0]).toEqual({
      data: { message: "Hotels near it?", exchangeId: EXCHANGE_ID, exchangeKey: VISITOR_KEY },
    });
    expect(
      sent.to(followUpsPath(GUIDE_DESTINATION_ID, EXCHANGE_ID), "GET")[0]?.headers[
        "x-exchange-key"
      ],
    ).toBe(VISITOR_KEY);
  });

  it("starts a new conversation", async () => {
    serveWorlds();
    const { user, chat } = await openChat();
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    await chat.findByRole("list", { name: "Sources" });
    await user.click(chat.getByRole("button", { name: "New conversation" }));
    expect(log(chat).textContent).toBe("");
    expect(window.sessionStorage.getItem(STORED)).toBeNull();
    expect(await chat.findByRole("button", { name: "Which hotels are under $150?" })).toBeTruthy();
    expect(document.activeElement).toBe(input(chat));
  });

  it("says how long to wait when too many questions were asked", async () => {
    serveWorlds();
    server.use(http.post(askUrl(GUIDE_DESTINATION_ID), () => rateLimitedReply(1200)));
    const { user, chat } = await openChat();
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    const alert = await chat.findByRole("alert");
    expect(alert.textContent).toBe("Too many questions, try again in 20 minutes.");
    expect(within(alert).queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("offers Retry when the guide could not answer", async () => {
    serveWorlds();
    server.use(
      http.post(
        askUrl(GUIDE_DESTINATION_ID),
        () => errorReply(500, "INTERNAL_ERROR", "Something broke."),
        { once: true },
      ),
    );
    const { user, chat } = await openChat();
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    const alert = await chat.findByRole("alert");
    expect(alert.textContent).toContain("Something broke.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await chat.findByRole("link", { name: "Source 1: Hayes Center Arena" })).toBeTruthy();
    expect(chat.queryByRole("alert")).toBeNull();
    expect(sent.bodies(askUrl(GUIDE_DESTINATION_ID), "POST")).toEqual([
      { data: { message: "Indoor volleyball?" } },
      { data: { message: "Indoor volleyball?" } },
    ]);
  });

  it("offers no guide when it is switched off", async () => {
    const world = assistantWorld();
    world.guides.set(GUIDE_DESTINATION_ID, {
      ...world.guides.get(GUIDE_DESTINATION_ID)!,
      isEnabled: false,
    });
    serveWorlds(world);
    await renderApp({ path: DESTINATION_PATH, auth: buildSignedOutAuth() });
    await waitFor(() => expect(sent.to(guideUrl(GUIDE_DESTINATION_ID), "GET")).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole("status", { name: "Loading the tour guide" })).toBeNull(),
    );
    expect(screen.queryByRole("button", { name: /^Ask / })).toBeNull();
  });

  it("offers no guide when it does not load", async () => {
    serveWorlds();
    server.use(
      http.get(guideUrl(GUIDE_DESTINATION_ID), () =>
        errorReply(500, "INTERNAL_ERROR", "Something broke."),
      ),
    );
    await renderApp({ path: DESTINATION_PATH, auth: buildSignedOutAuth() });
    await waitFor(() => expect(sent.to(guideUrl(GUIDE_DESTINATION_ID), "GET")).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole("status", { name: "Loading the tour guide" })).toBeNull(),
    );
    expect(screen.queryByRole("button", { name: /^Ask / })).toBeNull();
  });

  it("covers a phone's screen, and closes when a source is followed", async () => {
    serveWorlds(assistantWorld({ stream: false }));
    const { user, chat, dialog, router } = await openChat(buildSignedOutAuth(), 375);
    expect(dialog.className).toContain("MuiDialog-paperFullScreen");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    await user.type(input(chat), "Indoor volleyball?{Enter}");
    const sources = within(await chat.findByRole("list", { name: "Sources" }));
    await user.click(sources.getByRole("link", { name: /Hayes Center Arena/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/facilities/${HAYES_ID}`));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
