// The connection store as the app holds it: fed by the real API client (answered by MSW), read by
// the "Reconnecting" notice, and asking again the reads that failed once the server answers.
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { errorReply, server } from "../../test/msw";
import { createTestQueryClient } from "../../test/render-app";
import { apiGet } from "../api";
import { ConnectionProvider } from "./connection-context";
import { RECONNECTING_TEXT, ReconnectingBanner } from "./reconnecting-banner";

const THING = "/thing-mgmt/api/things/1";
const OTHER = "/thing-mgmt/api/things/2";
const BOOM = "/thing-mgmt/api/things/3";

function Reader({ path }: { path: string }) {
  const { data, error } = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => apiGet<string>(path, { signal }),
    retry: false,
  });
  if (error) return <p>Failed: {error.message}</p>;
  return <p>{data ? `Read: ${data}` : "Loading"}</p>;
}

function renderReader(path = THING) {
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider>
        <ReconnectingBanner />
        <Reader path={path} />
      </ConnectionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Answers `path` with `down()`'s reply while it gives one, else with `{data: "ok"}`. */
function serve(path: string, down: () => Response | null) {
  server.use(http.get(path, () => down() ?? HttpResponse.json({ data: "ok" })));
}

describe("the Reconnecting notice", () => {
  it("shows, politely, from a call that got no answer until the next answer, and the failed read recovers by itself", async () => {
    let away = true;
    serve(THING, () => (away ? HttpResponse.error() : null));
    serve(OTHER, () => null);
    renderReader();
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toBe(RECONNECTING_TEXT);
    expect(notice.getAttribute("aria-live")).toBe("polite");
    expect(await screen.findByText(/^Failed: Could not reach Hostfield/)).toBeTruthy();

    // The server is back: the next call anywhere is answered, and the failed read is asked again.
    away = false;
    await act(() => apiGet(OTHER));
    expect(screen.queryByRole("status")).toBeNull();
    expect(await screen.findByText("Read: ok")).toBeTruthy();
  });

  it("shows for a 503 DATABASE_UNAVAILABLE (with the server's words) and for a proxy's bare 502", async () => {
    const words = "The service is briefly unavailable; try again in a few seconds.";
    let reply: Response = HttpResponse.json(
      { error: { code: "DATABASE_UNAVAILABLE", message: words } },
      { status: 503, headers: { "Retry-After": "2" } },
    );
    serve(THING, () => reply);
    serve(OTHER, () => null);
    renderReader();
    expect(await screen.findByText(`Failed: ${words}`)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(RECONNECTING_TEXT);

    // An answer elsewhere: the notice goes, the failed read is asked again, and a proxy answers
    // for the server with a bare 502.
    reply = new HttpResponse("<html>Bad gateway</html>", { status: 502 });
    await act(() => apiGet(OTHER));
    expect(
      await screen.findByText(
        "Failed: Hostfield is briefly unavailable. Your work is kept; try again in a moment.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(RECONNECTING_TEXT);
  });

  it("does not show for a refusal, a server error or another service's 503, and leaves such reads alone", async () => {
    let calls = 0;
    server.use(
      http.get(THING, () => {
        calls += 1;
        return errorReply(404, "NOT_FOUND", "No such thing.");
      }),
      http.get(OTHER, () => errorReply(503, "PAYMENTS_UNAVAILABLE", "The provider is away.")),
      http.get(BOOM, () => errorReply(500, "INTERNAL_ERROR", "Something broke.")),
    );
    renderReader();
    expect(await screen.findByText("Failed: No such thing.")).toBeTruthy();
    await act(() => apiGet(OTHER).catch(() => undefined));
    await act(() => apiGet(BOOM).catch(() => undefined));
    expect(screen.queryByRole("status")).toBeNull();
    expect(calls).toBe(1);
  });
});

describe("recovery", () => {
  it("asks again only the shown reads that failed because the server could not serve", async () => {
    let away = true;
    let calls = 0;
    server.use(
      http.get(THING, () => {
        calls += 1;
        return away ? HttpResponse.error() : HttpResponse.json({ data: "ok" });
      }),
      http.get(OTHER, () => HttpResponse.json({ data: "ok" })),
    );
    renderReader();
    await screen.findByText(/^Failed:/);
    expect(calls).toBe(1);
    away = false;
    await act(() => apiGet(OTHER));
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByText("Read: ok")).toBeTruthy();
    // Answered already: a further answer asks nothing again.
    await act(() => apiGet(OTHER));
    expect(calls).toBe(2);
  });
});
