import { MAX_PRESENCE_IDS as CONTRACT_MAX } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../test/api-stub";
import { fetchIsOnline, MAX_PRESENCE_IDS, PRESENCE_PATH } from "./presence";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("presence", () => {
  it("asks at most as many users per call as the server takes", () => {
    expect(MAX_PRESENCE_IDS).toBe(CONTRACT_MAX);
  });

  it("gathers the asks of one moment into calls of at most 100 ids, and answers each", async () => {
    const api = stubApi((call) => {
      if (call.path !== PRESENCE_PATH) return undefined;
      const ids = (call.url.searchParams.get("ids") ?? "").split(",");
      // Odd-numbered users are online.
      return Response.json({
        data: ids.map((u) => ({ id: u, isOnline: Number(u.slice(-1)) % 2 === 1 })),
      });
    });
    const ids = Array.from({ length: 150 }, (_, n) => id(n));
    const answers = await Promise.all([...ids, ids[3]!].map((u) => fetchIsOnline(u)));
    expect(
      api.to(PRESENCE_PATH).map((c) => c.url.searchParams.get("ids")!.split(",").length),
    ).toEqual([100, 50]);
    expect(answers.slice(0, 4)).toEqual([false, true, false, true]);
    expect(answers[150]).toBe(true);
  });

  it("fails every ask of a call that fails", async () => {
    stubApi((call) =>
      call.path === PRESENCE_PATH
        ? Response.json({ error: { code: "UNAUTHORIZED", message: "Sign in." } }, { status: 401 })
        : undefined,
    );
    await expect(fetchIsOnline(id(1))).rejects.toThrow();
  });
});
