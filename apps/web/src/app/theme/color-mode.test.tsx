import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { setPrefersDark } from "../../test/media";
import { renderApp } from "../../test/render-app";
import { COLOR_MODE_STORAGE_KEY } from "./color-mode";

function scheme() {
  return document.documentElement.dataset.colorScheme;
}

describe("colour theme", () => {
  it("cycles light -> dark -> system and keeps the choice in localStorage", async () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, "light");
    const { user } = await renderApp({ auth: buildSignedInAuth() });
    const toggle = await screen.findByRole("button", { name: "Toggle colour theme" });
    expect(scheme()).toBe("light");
    expect(screen.getByText("Colour theme: Light")).toBeTruthy();

    await user.click(toggle);
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
    expect(scheme()).toBe("dark");
    expect(screen.getByText("Colour theme: Dark")).toBeTruthy();

    await user.click(toggle);
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("system");
    expect(screen.getByText("Colour theme: System")).toBeTruthy();

    await user.click(toggle);
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("light");
  });

  it("paints the page with the dark palette when dark is stored", async () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, "dark");
    await renderApp({ auth: buildSignedInAuth() });
    expect(scheme()).toBe("dark");
    expect(getComputedStyle(document.body).backgroundColor).toBe("rgb(11, 18, 32)");
  });

  it("sets color-scheme on the page only for a chosen theme; on system the page's meta decides", async () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, "dark");
    const { user } = await renderApp({ auth: buildSignedInAuth() });
    const toggle = screen.getByRole("button", { name: "Toggle colour theme" });
    expect(document.documentElement.style.colorScheme).toBe("dark");
    await user.click(toggle); // dark -> system
    expect(screen.getByText("Colour theme: System")).toBeTruthy();
    expect(document.documentElement.style.colorScheme).toBe("");
    await user.click(toggle); // system -> light
    expect(document.documentElement.style.colorScheme).toBe("light");
  });

  it("follows the operating system when set to system, live", async () => {
    setPrefersDark(true);
    await renderApp({ auth: buildSignedInAuth() });
    expect(scheme()).toBe("dark");
    act(() => setPrefersDark(false));
    expect(scheme()).toBe("light");
  });

  it("ignores a stored value it does not know and falls back to system", async () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, "neon");
    setPrefersDark(true);
    await renderApp({ auth: buildSignedInAuth() });
    expect(scheme()).toBe("dark");
    expect(screen.getByText("Colour theme: System")).toBeTruthy();
  });

  it("is reachable from the Me menu on small screens and persists from there", async () => {
    const { user } = await renderApp({ width: 375, auth: buildSignedInAuth() });
    // Members' actions load on their own (top-bar.tsx): found once they are there.
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = within(await screen.findByRole("menu"));
    await user.click(menu.getByRole("menuitem", { name: "Colour theme: System" }));
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("light");
    expect(menu.getByRole("menuitem", { name: "Colour theme: Light" })).toBeTruthy();
  });
});
