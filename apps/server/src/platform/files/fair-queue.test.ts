import { describe, expect, it } from "vitest";
import { createFairQueue, QueueFullError } from "./fair-queue";

/** A piece of work that ends when the test says, noting when it started. */
function gated(log: string[], name: string) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open: () => open(),
    work: async () => {
      log.push(name);
      await gate;
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the fair work queue", () => {
  it("serves waiting clients in turn, so one client's burst does not hold up another's request", async () => {
    const queue = createFairQueue({ running: 1, waiting: 16, perClient: 8 });
    const started: string[] = [];
    const holder = gated(started, "holder");
    const running = [queue.run("x", holder.work)];
    const burst = ["a1", "a2", "a3", "a4"].map((name) => gated(started, name));
    for (const item of burst) running.push(queue.run("a", item.work));
    const single = gated(started, "b1");
    running.push(queue.run("b", single.work));

    // Each finishing piece lets the next in turn start.
    for (const item of [holder, burst[0]!, single, burst[1]!, burst[2]!, burst[3]!]) {
      item.open();
      await tick();
      await tick();
    }
    await Promise.all(running);
    // B's one request ran second, not after A's whole burst.
    expect(started).toEqual(["holder", "a1", "b1", "a2", "a3", "a4"]);
  });

  it("refuses a client past its share of the line while other clients still get in", async () => {
    const queue = createFairQueue({ running: 1, waiting: 8, perClient: 2 });
    const started: string[] = [];
    const holder = gated(started, "holder");
    const running = [queue.run("x", holder.work)];
    const first = [gated(started, "a1"), gated(started, "a2")];
    for (const item of first) running.push(queue.run("a", item.work));
    await expect(queue.run("a", async () => "a3")).rejects.toBeInstanceOf(QueueFullError);
    const other = gated(started, "b1");
    running.push(queue.run("b", other.work));
    for (const item of [holder, ...first, other]) item.open();
    await Promise.all(running);
    expect(started.sort()).toEqual(["a1", "a2", "b1", "holder"]);
  });

  it("refuses anyone when the whole line is full, and frees its places as work ends", async () => {
    const queue = createFairQueue({ running: 1, waiting: 2, perClient: 2 });
    const started: string[] = [];
    const holder = gated(started, "holder");
    const running = [queue.run("x", holder.work)];
    running.push(
      queue.run("a", async () => "a1"),
      queue.run("b", async () => "b1"),
    );
    await expect(queue.run("c", async () => "c1")).rejects.toBeInstanceOf(QueueFullError);
    holder.open();
    await Promise.all(running);
    await expect(queue.run("c", async () => "c1")).resolves.toBe("c1");
  });
});
