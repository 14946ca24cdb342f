// The real Leaflet (react-leaflet and leaflet in jsdom, only the canvas basemap stubbed): an open
// info window must lie in a layer above every marker's. jsdom lays nothing out, so this checks the
// panes the elements sit in and those panes' z-index; only a browser shows the drawing itself.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NO_MAP_TILES } from "../../../lib/auth/client-config";
import { MAP_PANES } from "./map-panes";
import { MapView } from "./map-view";

// The basemap draws on a canvas, which jsdom has not.
vi.mock("./basemap", async () => ({
  ...(await vi.importActual<typeof import("./basemap")>("./basemap")),
  Basemap: () => null,
}));

// Leaflet sizes the map by its container's client size, which jsdom leaves at 0: the marker would
// lie outside a view of no size. A 800 × 600 box instead.
const SIZE = { clientWidth: 800, clientHeight: 600 } as const;
const saved = Object.keys(SIZE).map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(() => {
  // Leaflet's stylesheet gives its own panes their z-index; tests load no CSS, so it is added here.
  const style = document.createElement("style");
  style.textContent = readFileSync(
    createRequire(import.meta.url).resolve("leaflet/dist/leaflet.css"),
    "utf8",
  );
  document.head.append(style);
  for (const [name, value] of Object.entries(SIZE)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    // jsdom's own getter lives on Element.prototype: taking ours away uncovers it.
    else Reflect.deleteProperty(HTMLElement.prototype, name);
  }
});

const POINT = {
  id: "p1",
  kind: "facility" as const,
  name: "Riverside Arena",
  lat: 30.2672,
  lng: -97.7431,
  address: "1200 River Rd, Austin, TX 78701",
  headerImage: null,
  logo: null,
  googlePlaceId: null,
};

/** The z-index of the Leaflet pane holding `element` (its nearest .leaflet-pane ancestor). */
function paneZ(element: Element): number {
  const pane = element.parentElement?.closest(".leaflet-pane");
  if (!(pane instanceof HTMLElement)) throw new Error("not in a pane");
  return Number(getComputedStyle(pane).zIndex);
}

describe("<MapView> stacking, with the real Leaflet", () => {
  it("opens a marker's info window in a layer above the markers and the cluster bubbles", async () => {
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: <MapView points={[POINT]} tiles={NO_MAP_TILES} label="Map of facilities" />,
        },
      ],
      { initialEntries: ["/"] },
    );
    const { container } = render(<RouterProvider router={router} />);
    const marker = container.querySelector(".hostfield-marker");
    expect(marker).not.toBeNull();
    fireEvent.click(marker!);
    const popup = await vi.waitFor(() => {
      const found = container.querySelector(".leaflet-popup");
      if (!found) throw new Error("no info window yet");
      return found;
    });
    expect(screen.getByText("Riverside Arena", { selector: ".leaflet-popup *" })).toBeTruthy();
    expect(paneZ(popup)).toBeGreaterThan(paneZ(marker!));
    // The cluster bubbles' pane lies above the markers' (map-view.test.tsx); the window above both.
    const clusters = container.querySelector(`.leaflet-${MAP_PANES.clusters.name}-pane`);
    expect(clusters).toBeInstanceOf(HTMLElement);
    expect(paneZ(popup)).toBeGreaterThan(Number(getComputedStyle(clusters!).zIndex));
  });
});
