import { MAX_PRESENCE_IDS as CONTRACT_MAX, ZPresence } from "@hostfield/domain/contracts";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { fetchIsOnline, MAX_PRESENCE_IDS, PRESENCE_PATH } from "./presence";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("presence", () => {
  it("asks at most as many users per call as the server takes", () => {
    expect(MAX_PRESENCE_IDS).toBe(CONTRACT_MAX);
  });

  it("gathers the asks of one moment into calls of at most 100 ids, and answers each", async () => {
    server.use(
      http.get(PRESENCE_PATH, ({ request }) => {
        const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",");
        // Odd-numbered users are online.
        return dataReply(
          z.array(ZPresence),
          ids.map((u) => ({ id: u, isOnline: Number(u.slice(-1)) % 2 === 1 })),
        );
      }),
    );
    const ids = Array.from({ length: 150 }, (_, n) => id(n));
    const answers = await Promise.all([...ids, ids[3]!].map((u) => fetchIsOnline(u)));
    expect(
      sent.to(PRESENCE_PATH).map((c) => c.url.searchParams.get("ids")!.split(",").length),
    ).toEqual([100, 50]);
    expect(answers.slice(0, 4)).toEqual([false, true, false, true]);
    expect(answers[150]).toBe(true);
  });

  it("fails every ask of a call that fails", async () => {
    server.use(http.get(PRESENCE_PATH, () => errorReply(401, "UNAUTHORIZED", "Sign in.")));
    await expect(fetchIsOnline(id(1))).rejects.toThrow();
  });
});
