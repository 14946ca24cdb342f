// Test-only: an approval waits UNDO_DELAY_MS for an Undo before it is sent. From the call on, the
// test's timers are fake (real time still passes, so the page and its calls run as usual) and
// `passUndoDelay` skips the wait; the test's end gives the real timers back.
import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";
import { UNDO_DELAY_MS } from "../../../ui/use-undoable-action";

export function undoClock(): { passUndoDelay: () => Promise<void> } {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return {
    passUndoDelay: () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
      }),
  };
}
