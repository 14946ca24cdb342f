import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildAdminAuth } from "../admin/testing";
import { LOW_RATED_EMPTY } from "./assistant-panel";
import {
  ALL_SEARCH,
  aiUuid,
  assistantWorld,
  buildAnswer,
  buildDebug,
  buildExchange,
  buildQuestion,
  serveAssistant,
  withDebug,
} from "./testing";

const LAZY = { timeout: 10_000 };
const PATH = "/admin?tab=assistant";

function lowRatedWorld() {
  const world = assistantWorld();
  const id = aiUuid(300);
  world.exchanges = [
    buildExchange({
      id,
      title: "Where can 40 volleyball teams play indoors?",
      asker: { id: aiUuid(901), name: "Sam Rivera", avatarUrl: null },
      feedback: { up: 0, down: 1 },
    }),
    buildExchange({
      id: aiUuid(301),
      title: "Cheap hotels?",
      asker: null,
      feedback: { up: 1, down: 1 },
    }),
  ];
  world.messages.set(id, [
    withDebug(buildQuestion("Where can 40 volleyball teams play indoors?", { exchangeId: id })),
    withDebug(
      buildAnswer({
        exchangeId: id,
        feedback: {
          rating: "down",
          comment: "It left out the fieldhouse",
          date: "2026-03-10T16:00:00.000Z",
        },
      }),
      buildDebug({ ms: 87, fallback: "model timed out" }),
    ),
  ]);
  return serveAssistant(world);
}

async function openPanel() {
  const rendered = await renderApp({ path: PATH, auth: buildAdminAuth() });
  const main = within(screen.getByRole("main"));
  return { ...rendered, main };
}

describe("/admin → Assistant", () => {
  it("lists the low-rated answers with who asked", async () => {
    lowRatedWorld();
    const { main } = await openPanel();
    expect(main.getByRole("tab", { name: "Assistant", selected: true })).toBeTruthy();
    expect(await main.findByText("2 conversations, newest first.", {}, LAZY)).toBeTruthy();
    const first = main.getByRole("button", { name: /^Where can 40 volleyball teams/ });
    expect(first.textContent).toContain("Sam Rivera");
    expect(first.textContent).toContain("1 not helpful");
    const second = main.getByRole("button", { name: /^Cheap hotels\?/ });
    expect(second.textContent).toContain("A visitor");
    expect(sent.bodies(ALL_SEARCH, "POST")).toEqual([{ data: { rating: "down" } }]);
  });

  it("opens an answer with how it was found and the rating's comment", async () => {
    lowRatedWorld();
    const { main, user } = await openPanel();
    await user.click(
      await main.findByRole("button", { name: /^Where can 40 volleyball teams/ }, LAZY),
    );
    const messages = within(await main.findByRole("list", { name: "Messages" }));
    expect(messages.getByText(/Sam Rivera asked/)).toBeTruthy();
    expect(messages.getByText("Rated not helpful: “It left out the fieldhouse”")).toBeTruthy();
    const debug = within(messages.getByRole("region", { name: "How the answer was found" }));
    expect(debug.getByText("Answered in 87 ms · Fallback: model timed out")).toBeTruthy();
    expect(debug.getByText("venues")).toBeTruthy();
    expect(debug.getByText('["Volleyball"]')).toBeTruthy();
    const retrieved = within(debug.getByRole("list", { name: "Retrieved listings" }));
    expect(retrieved.getByText("Hayes Center Arena (facility)")).toBeTruthy();
  });

  it("narrows the list by words", async () => {
    lowRatedWorld();
    const { main, user, router } = await openPanel();
    await main.findByText("2 conversations, newest first.", {}, LAZY);
    await user.type(
      main.getByRole("searchbox", { name: "Words in the questions or answers" }),
      "volleyball",
    );
    await user.click(main.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(sent.bodies(ALL_SEARCH, "POST").at(-1)).toEqual({
        data: { text: "volleyball", rating: "down" },
      }),
    );
    expect(router.state.location.search).toBe("?tab=assistant&q=volleyball");
  });

  it("says when no answer was rated down", async () => {
    serveAssistant(assistantWorld());
    const { main } = await openPanel();
    expect(await main.findByText(LOW_RATED_EMPTY, {}, LAZY)).toBeTruthy();
  });

  it("offers Retry when the list fails", async () => {
    lowRatedWorld();
    server.use(
      http.post(ALL_SEARCH, () => errorReply(500, "INTERNAL_ERROR", "Something broke."), {
        once: true,
      }),
    );
    const { main, user } = await openPanel();
    expect(await main.findByText("The conversations did not load.", {}, LAZY)).toBeTruthy();
    await user.click(main.getByRole("button", { name: "Retry" }));
    expect(await main.findByText("2 conversations, newest first.")).toBeTruthy();
  });

  it("is for admins only", async () => {
    serveAssistant(assistantWorld());
    const { main } = await (async () => {
      const rendered = await renderApp({ path: PATH, auth: buildSignedInAuth() });
      return { ...rendered, main: within(screen.getByRole("main")) };
    })();
    expect(main.getByRole("heading", { name: "Admins only" })).toBeTruthy();
    expect(sent.to(ALL_SEARCH)).toHaveLength(0);
  });
});
