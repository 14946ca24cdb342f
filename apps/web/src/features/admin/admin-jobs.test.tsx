import { ZJobsOverview } from "@hostfield/domain/contracts";
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { ADMIN_JOBS_PATH } from "./admin-api";
import { JOBS_EMPTY, NO_FAILURES } from "./jobs-panel";
import { buildAdminAuth, buildJobFailure, jobsHandlers } from "./testing";

async function renderJobs(width?: number) {
  const rendered = await renderApp({ path: "/admin?tab=jobs", auth: buildAdminAuth(), width });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("/admin jobs", () => {
  it("shows each queue's counts and the newest failures with their error", async () => {
    server.use(...jobsHandlers([buildJobFailure(1), buildJobFailure(2, { retries: 1 })]));
    const { main } = await renderJobs();

    const table = await main.findByRole("table", { name: "Queues" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "QueueWaitingRunningLaterFailed",
      "events.notifications3122",
      "users.prune-sign-in0000",
    ]);
    const first = within(
      main.getByRole("listitem", { name: /30000000-0000-4000-8000-000000000001/ }),
    );
    expect(first.getByText("connection refused (attempt 1)")).toBeTruthy();
    expect(first.getByText(/after 5 retries/)).toBeTruthy();
    const second = within(main.getByRole("listitem", { name: /000000000002$/ }));
    expect(second.getByText(/after 1 retry$/)).toBeTruthy();
  });

  it("runs a failed job again and refreshes the list", async () => {
    const failures = [buildJobFailure(1)];
    server.use(...jobsHandlers(failures));
    const { main, user } = await renderJobs();

    const item = within(await main.findByRole("listitem", { name: /000000000001$/ }));
    await user.click(item.getByRole("button", { name: "Run again" }));
    expect(await screen.findByText("The events.notifications job runs again.")).toBeTruthy();
    const retried = `${ADMIN_JOBS_PATH}/events.notifications/30000000-0000-4000-8000-000000000001/retry`;
    expect(sent.to(retried, "POST")).toHaveLength(1);
    expect(await main.findByText(NO_FAILURES)).toBeTruthy();
  });

  it("says so when a job was run again by someone else first", async () => {
    const failure = buildJobFailure(1);
    server.use(...jobsHandlers([failure]));
    // Someone else ran it a moment ago: the server no longer has it failed.
    server.use(
      http.post(`${ADMIN_JOBS_PATH}/:queue/:id/retry`, () =>
        errorReply(404, "NOT_FOUND", "The failed job was not found."),
      ),
    );
    const { main, user } = await renderJobs();
    const item = within(await main.findByRole("listitem", { name: /000000000001$/ }));
    await user.click(item.getByRole("button", { name: "Run again" }));
    expect(await screen.findByText("The failed job was not found.")).toBeTruthy();
  });

  it("explains an empty queue list, and a failed load with Retry", async () => {
    server.use(
      http.get(ADMIN_JOBS_PATH, () => errorReply(503, "SERVICE_UNAVAILABLE", "Try later.")),
    );
    const { main, user } = await renderJobs();
    expect(await main.findByText("The job queues did not load")).toBeTruthy();

    server.use(
      http.get(ADMIN_JOBS_PATH, () => dataReply(ZJobsOverview, { queues: [], failures: [] })),
    );
    await user.click(main.getByRole("button", { name: "Retry" }));
    expect(await main.findByText(JOBS_EMPTY)).toBeTruthy();
  });

  it("scrolls the counts sideways on a phone instead of squeezing them", async () => {
    server.use(...jobsHandlers([buildJobFailure(1)]));
    const { main } = await renderJobs(375);
    const table = await main.findByRole("table", { name: "Queues" });
    expect(getComputedStyle(table.parentElement!).overflowX).toBe("auto");
    expect(main.getByRole("button", { name: "Run again" })).toBeTruthy();
  });
});
