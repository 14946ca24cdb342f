// A self-hosted PMTiles archive as the map's basemap (MAP_PMTILES_URL): streets, water, parks and
// places, drawn on canvas by protomaps-leaflet from the vector tiles it reads out of the one file
// with range requests. The library (and pmtiles, which it brings) is loaded only here, on a map
// whose server has such an archive: the other maps' chunks do not carry it.
import type L from "leaflet";
import { useEffect, useState } from "react";
import { useMap } from "react-leaflet";

export function PmtilesBasemap({
  url,
  attribution,
  mode,
}: {
  url: string;
  attribution: string | null;
  mode: "light" | "dark";
}) {
  const map = useMap();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let layer: L.Layer | undefined;
    let cancelled = false;
    setFailed(false);
    import("protomaps-leaflet").then(
      ({ leafletLayer }) => {
        if (cancelled) return;
        // The archive's URL relative to this page, as fetch would take it.
        const absolute = new URL(url, window.location.href).href;
        layer = leafletLayer({
          url: absolute,
          flavor: mode,
          lang: "en",
          ...(attribution ? { attribution } : {}),
        }) as unknown as L.Layer;
        layer.addTo(map);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, url, attribution, mode]);
  if (!failed) return null;
  return (
    <div role="status" className="hostfield-map-note">
      The street map could not be loaded; the markers are still here.
    </div>
  );
}
