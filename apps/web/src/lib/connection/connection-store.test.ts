// The one connection state: reconnecting while any source is down, quiet once each is answered.
import { describe, expect, it, vi } from "vitest";
import { createConnectionStore } from "./connection-store";

describe("the connection store", () => {
  it("is reconnecting from the first failure until the next answer", () => {
    const store = createConnectionStore();
    const changed = vi.fn();
    store.subscribe(changed);
    expect(store.isReconnecting()).toBe(false);
    store.unavailable("api");
    store.unavailable("api");
    expect(store.isReconnecting()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
    store.answered("api");
    expect(store.isReconnecting()).toBe(false);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it("waits for every source that is down: the API answering does not hide a renewal that waits", () => {
    const store = createConnectionStore();
    store.unavailable("api");
    store.unavailable("auth");
    store.answered("api");
    expect(store.isReconnecting()).toBe(true);
    store.answered("auth");
    expect(store.isReconnecting()).toBe(false);
  });

  it("tells who recovered, only when it had been down", () => {
    const store = createConnectionStore();
    const recovered = vi.fn();
    const stop = store.onRecovered(recovered);
    store.answered("api");
    expect(recovered).not.toHaveBeenCalled();
    store.unavailable("hub");
    store.answered("hub");
    expect(recovered).toHaveBeenCalledWith("hub");
    stop();
    store.unavailable("api");
    store.answered("api");
    expect(recovered).toHaveBeenCalledTimes(1);
  });
});
