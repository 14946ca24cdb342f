import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { InstallAppButton } from "./install-app-button";

/** What a browser that can install the app dispatches. */
function offerInstall() {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe("the install app button", () => {
  it("is not shown while the browser offers no install", () => {
    render(<InstallAppButton />);
    expect(screen.queryByRole("button", { name: "Install the app" })).toBeNull();
  });

  it("shows when the browser offers the install, asks it once, and hides", async () => {
    render(<InstallAppButton />);
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Install the app" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Install the app" })).toBeNull();
  });

  it("hides once the app is installed another way", () => {
    render(<InstallAppButton />);
    offerInstall();
    expect(screen.getByRole("button", { name: "Install the app" })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(screen.queryByRole("button", { name: "Install the app" })).toBeNull();
  });
});
