import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NO_MAP_TILES } from "../../../lib/auth/client-config";
import type { TMapPoint } from "./map-points";
import { MapView, radiusBounds } from "./map-view";

// react-leaflet as plain elements: a marker is a button named by its title that opens its popup,
// and the map object records what the view asked of it, how the map opened, and its event handlers.
const map = vi.hoisted(() => ({
  zoom: 4,
  bounds: [
    [-60, -170],
    [75, 170],
  ] as [[number, number], [number, number]],
  fitBounds: vi.fn(),
  setView: vi.fn(),
  flyTo: vi.fn(),
  opened: {} as Record<string, unknown>,
  handlers: [] as { moveend?: () => void }[],
}));

vi.mock("react-leaflet", async () => {
  const { createElement, useState } = await import("react");
  const L = (await import("leaflet")).default;
  const leafletMap = {
    ...map,
    getBounds: () => L.latLngBounds(map.bounds[0], map.bounds[1]),
    getZoom: () => map.zoom,
  };
  function Marker({
    title,
    icon,
    children,
    eventHandlers,
  }: {
    title: string;
    icon: { options: { html: string; className: string } };
    children?: React.ReactNode;
    eventHandlers?: { click?: () => void };
  }) {
    const [open, setOpen] = useState(false);
    return createElement(
      "div",
      { "data-testid": icon.options.className, "data-icon": icon.options.html },
      createElement(
        "button",
        {
          type: "button",
          onClick: () => (eventHandlers?.click ? eventHandlers.click() : setOpen(true)),
        },
        title,
      ),
      open ? children : null,
    );
  }
  return {
    MapContainer: ({ children, ...opened }: { children: React.ReactNode }) => {
      map.opened = opened;
      return createElement("div", null, children);
    },
    TileLayer: ({ url }: { url: string }) =>
      createElement("div", { "data-testid": "tiles", "data-url": url }),
    // A pane holds what is drawn in it, and says how high it lies.
    Pane: ({
      name,
      style,
      children,
    }: {
      name: string;
      style: { zIndex: number };
      children: React.ReactNode;
    }) => createElement("div", { "data-pane": name, "data-z": style.zIndex }, children),
    Marker,
    Popup: ({
      children,
      minWidth,
      maxWidth,
    }: {
      children: React.ReactNode;
      minWidth: number;
      maxWidth: number;
    }) =>
      createElement(
        "div",
        { role: "dialog", "data-min": minWidth, "data-max": maxWidth },
        children,
      ),
    useMap: () => leafletMap,
    useMapEvents: (handlers: { moveend?: () => void }) => {
      map.handlers.push(handlers);
      return leafletMap;
    },
  };
});

// The basemap draws on a canvas (see the browser test); here it only says it is there.
vi.mock("./basemap", async () => {
  const { createElement } = await import("react");
  return {
    ...(await vi.importActual<typeof import("./basemap")>("./basemap")),
    Basemap: () => createElement("div", { "data-testid": "basemap" }),
  };
});

// protomaps-leaflet draws on canvas from a real archive (see the browser test); here the layer
// only says which archive it was given.
vi.mock("./pmtiles-basemap", async () => {
  const { createElement } = await import("react");
  return {
    PmtilesBasemap: ({ url }: { url: string }) =>
      createElement("div", { "data-testid": "pmtiles", "data-url": url }),
  };
});

function point(overrides: Partial<TMapPoint> = {}): TMapPoint {
  return {
    id: "p1",
    kind: "facility",
    name: "Riverside Arena",
    lat: 30.2672,
    lng: -97.7431,
    address: "1200 River Rd, Austin, TX 78701",
    headerImage: null,
    logo: null,
    googlePlaceId: null,
    ...overrides,
  };
}

function renderMap(points: TMapPoint[], linkFor?: (p: TMapPoint) => string | null) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <MapView
            points={points}
            tiles={NO_MAP_TILES}
            linkFor={linkFor}
            label="Map of facilities"
          />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  map.zoom = 4;
  map.bounds = [
    [-60, -170],
    [75, 170],
  ];
  map.handlers = [];
  map.opened = {};
});

/** What a move or zoom of the map would tell its listeners once it ends. */
function moveEnd() {
  for (const handlers of map.handlers) handlers.moveend?.();
}

describe("<MapView>", () => {
  it("clusters 15,000 facilities into a few markers, each cluster zooming in when clicked", async () => {
    const many = Array.from({ length: 15_000 }, (_, i) =>
      point({
        id: `p${i}`,
        name: `Facility ${i}`,
        lat: 25 + ((i * 7919) % 2300) / 100,
        lng: -124 + ((i * 104729) % 5700) / 100,
      }),
    );
    renderMap(many);
    const clusters = screen.getAllByTestId("hostfield-cluster");
    expect(clusters.length).toBeGreaterThan(1);
    expect(clusters.length + screen.queryAllByTestId("hostfield-marker").length).toBeLessThan(300);
    expect(map.fitBounds).toHaveBeenCalledTimes(1);
    await userEvent.click(within(clusters[0]!).getByRole("button"));
    expect(map.flyTo).toHaveBeenCalledTimes(1);
    expect(map.flyTo.mock.calls[0]?.[1]).toBeGreaterThan(4);
  });

  it("draws each kind with its own icon and opens the info window of a marker", async () => {
    map.zoom = 17;
    renderMap(
      [
        point(),
        point({ id: "d1", kind: "destination", name: "Visit Austin", lat: 30.5, lng: -97.5 }),
        point({
          id: "b1",
          kind: "business",
          name: "Taco Place",
          lat: 30.1,
          lng: -97.9,
          address: null,
        }),
      ],
      (p) => (p.kind === "facility" ? `/facilities/${p.id}` : null),
    );
    const markers = screen.getAllByTestId("hostfield-marker");
    const icons = Object.fromEntries(
      markers.map((marker) => [marker.textContent, marker.getAttribute("data-icon") ?? ""]),
    );
    expect(icons["Riverside Arena"]).toContain('fill="#d32f2f"');
    expect(icons["Visit Austin"]).toContain("<path");
    expect(icons["Visit Austin"]).not.toContain('fill="#d32f2f"');
    expect(icons["Taco Place"]).toContain('<circle cx="256" cy="256" r="220"');

    await userEvent.click(screen.getByRole("button", { name: "Riverside Arena" }));
    const window = within(screen.getByRole("dialog"));
    expect(window.getByRole("link", { name: "See More Info" }).getAttribute("href")).toBe(
      "/facilities/p1",
    );
    expect(screen.getByRole("dialog").getAttribute("data-min")).toBe("250");
    expect(screen.getByRole("dialog").getAttribute("data-max")).toBe("400");

    await userEvent.click(screen.getByRole("button", { name: "Visit Austin" }));
    expect(screen.getByRole("link", { name: "View on Google Maps" })).toBeTruthy();

    // Neither an address nor a page: nothing to open.
    await userEvent.click(screen.getByRole("button", { name: "Taco Place" }));
    expect(screen.getAllByRole("dialog")).toHaveLength(2);
  });

  it("opens on the contiguous United States, on a place, or on the whole circle of a radius", () => {
    renderMap([]);
    expect(map.opened).toMatchObject({
      bounds: [
        [24.5, -125],
        [49.5, -66.9],
      ],
    });
    const { unmount } = render(
      <MapView points={[]} tiles={NO_MAP_TILES} label="Map" center={[38, -85]} />,
    );
    expect(map.opened).toMatchObject({ center: [38, -85], zoom: 9 });
    unmount();
    render(
      <MapView points={[]} tiles={NO_MAP_TILES} label="Map" center={[38, -85]} radiusMiles={50} />,
    );
    expect(map.opened).toMatchObject({ bounds: radiusBounds([38, -85], 50) });
    const [[south, west], [north, east]] = radiusBounds([38, -85], 50);
    // 50 miles is about 0.72 degrees of latitude, and more of longitude away from the equator.
    expect(north - 38).toBeCloseTo(0.724, 2);
    expect(38 - south).toBeCloseTo(0.724, 2);
    expect(east - -85).toBeGreaterThan(0.9);
    expect(-85 - west).toBeCloseTo(east - -85, 6);
  });

  it("reports its view at once, then at the end of each move or zoom", () => {
    const onViewChange = vi.fn();
    render(
      <MapView
        points={[point()]}
        tiles={NO_MAP_TILES}
        label="Map of facilities"
        onViewChange={onViewChange}
      />,
    );
    expect(onViewChange).toHaveBeenCalledTimes(1);
    expect(onViewChange).toHaveBeenLastCalledWith({ south: -60, west: -170, north: 75, east: 170 });
    map.bounds = [
      [30, -99],
      [32, -97],
    ];
    moveEnd();
    expect(onViewChange).toHaveBeenCalledTimes(2);
    expect(onViewChange).toHaveBeenLastCalledWith({ south: 30, west: -99, north: 32, east: -97 });
  });

  it("draws a sponsored listing as the star, whatever its kind", () => {
    map.zoom = 17;
    renderMap([
      point(),
      point({ id: "p2", name: "Boosted Arena", lat: 30.5, lng: -97.5, sponsored: true }),
    ]);
    const icons = Object.fromEntries(
      screen
        .getAllByTestId("hostfield-marker")
        .map((marker) => [marker.textContent, marker.getAttribute("data-icon") ?? ""]),
    );
    expect(icons["Boosted Arena"]).toMatch(/<polygon points="[\d, ]+" fill="#fbc02d"/);
    expect(icons["Riverside Arena"]).not.toContain("<polygon");
  });

  it("names each kind's marker, the sponsored star and the cluster in a legend", () => {
    render(<MapView points={[]} tiles={NO_MAP_TILES} label="Map" kinds={["facility", "hotel"]} />);
    const legend = within(screen.getByRole("list", { name: "Map legend" }));
    expect(legend.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Facilities",
      "Hotels",
      "Sponsored",
      "Several places: select to zoom in",
    ]);
    const symbols = legend.getAllByRole("listitem").map((item) => item.innerHTML);
    expect(symbols[0]).toContain('fill="#d32f2f"');
    expect(symbols[1]).toContain("<circle");
    expect(symbols[2]).toContain("<polygon");
  });

  it("keeps every single marker below the cluster bubbles, in panes of their own", () => {
    const near = Array.from({ length: 30 }, (_, i) =>
      point({ id: `n${i}`, name: `Near ${i}`, lat: 30 + i * 0.001, lng: -97 }),
    );
    const far = point({ id: "far", name: "Far Arena", lat: 25, lng: -80 });
    renderMap([...near, far]);
    const clusterPane = screen.getAllByTestId("hostfield-cluster")[0]!.closest("[data-pane]")!;
    const pinPane = screen.getByRole("button", { name: "Far Arena" }).closest("[data-pane]")!;
    expect(clusterPane.getAttribute("data-pane")).toBe("hostfield-clusters");
    expect(pinPane.getAttribute("data-pane")).toBe("hostfield-points");
    expect(within(pinPane as HTMLElement).queryAllByTestId("hostfield-cluster")).toHaveLength(0);
    expect(Number(clusterPane.getAttribute("data-z"))).toBeGreaterThan(
      Number(pinPane.getAttribute("data-z")),
    );
    // Both above Leaflet's own marker pane (600), below its popups (700).
    expect(Number(pinPane.getAttribute("data-z"))).toBeGreaterThan(600);
    expect(Number(clusterPane.getAttribute("data-z"))).toBeLessThan(700);
  });

  it("draws its own basemap without tiles, and the tiles instead when the server has them", () => {
    const { unmount } = render(<MapView points={[]} tiles={NO_MAP_TILES} label="Map" />);
    expect(screen.getByTestId("basemap")).toBeTruthy();
    expect(screen.queryByTestId("tiles")).toBeNull();
    unmount();
    render(
      <MapView
        points={[]}
        tiles={{ ...NO_MAP_TILES, tileUrl: "/tiles/{z}/{x}/{y}.png", attribution: "Local" }}
        label="Map"
      />,
    );
    expect(screen.getByTestId("tiles").getAttribute("data-url")).toBe("/tiles/{z}/{x}/{y}.png");
    expect(screen.queryByTestId("basemap")).toBeNull();
  });

  it("draws the PMTiles archive when the server has one, before its tiles, and no basemap", () => {
    render(
      <MapView
        points={[]}
        tiles={{
          tileUrl: "/tiles/{z}/{x}/{y}.png",
          pmtilesUrl: "/media/basemap/us.pmtiles",
          attribution: "© OpenStreetMap",
        }}
        label="Map"
      />,
    );
    expect(screen.getByTestId("pmtiles").getAttribute("data-url")).toBe(
      "/media/basemap/us.pmtiles",
    );
    expect(screen.queryByTestId("tiles")).toBeNull();
    expect(screen.queryByTestId("basemap")).toBeNull();
  });
});
