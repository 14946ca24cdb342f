// The map's layers from bottom to top (and the escaping of the markup its icons take). Leaflet's
// own: tiles 200, overlays 400, markers 600, tooltips 650, popups 700. Our basemap lies where tiles would; single markers and cluster bubbles
// get a pane each, so a pin never draws over a bubble (Leaflet orders markers of one pane by
// latitude, which puts a pin further south above a bubble), and both stay below the popups. An
// overlay takes the pane of the <Pane> it is written in, so a marker's info window names Leaflet's
// popup pane itself: in the markers' pane, the pins drew over the open window.
export const MAP_PANES = {
  land: { name: "hostfield-land", zIndex: 150 },
  lines: { name: "hostfield-lines", zIndex: 160 },
  labels: { name: "hostfield-labels", zIndex: 250 },
  points: { name: "hostfield-points", zIndex: 610 },
  clusters: { name: "hostfield-clusters", zIndex: 620 },
  /** Leaflet's own, above every marker. */
  popups: { name: "popupPane", zIndex: 700 },
} as const;

/** Text made safe for a marker's or label's HTML (Leaflet's divIcon takes markup). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
