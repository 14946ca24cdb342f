// The app's query client while the server cannot serve: a write is sent once and fails with words
// that say to try again; a read is asked again.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost } from "../lib/api";
import { sent, server } from "../test/msw";
import { createQueryClient } from "./query-client";

const PATH = "/thing-mgmt/api/things";
const WORDS = "The service is briefly unavailable; try again in a few seconds.";

const databaseUnavailable = () =>
  HttpResponse.json(
    { error: { code: "DATABASE_UNAVAILABLE", message: WORDS } },
    { status: 503, headers: { "Retry-After": "1" } },
  );

afterEach(() => vi.useRealTimers());

describe("the app's query client during an outage", () => {
  it("does not send a write again by itself, and its error says to try again", async () => {
    server.use(http.post(PATH, databaseUnavailable));
    const mutation = new MutationObserver(createQueryClient(), {
      mutationFn: () => apiPost(PATH, { name: "x" }),
    });
    await expect(mutation.mutate()).rejects.toMatchObject({ status: 503, message: WORDS });
    expect(sent.to(PATH, "POST")).toHaveLength(1);
  });

  it("asks a read again after the Retry-After, and it succeeds once the server is back", async () => {
    let down = true;
    server.use(
      http.get(PATH, () => (down ? databaseUnavailable() : HttpResponse.json({ data: "ok" }))),
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const query = new QueryObserver(createQueryClient(), {
      queryKey: ["things"],
      queryFn: () => apiGet<string>(PATH),
    });
    const results: string[] = [];
    const stop = query.subscribe((result) => {
      if (result.data) results.push(result.data);
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(sent.to(PATH)).toHaveLength(1);
    down = false;
    await vi.advanceTimersByTimeAsync(1_200);
    expect(sent.to(PATH)).toHaveLength(2);
    expect(results).toEqual(["ok"]);
    stop();
  });
});
