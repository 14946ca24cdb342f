// What the map's symbols mean: each kind's marker, the star of a sponsored listing, and the cluster
// bubble of several places. Under the map, as a list screen readers read in order.
import { KINDS, type TProfileKind } from "@hostfield/domain/kinds";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { markerStyle, markerSvg } from "./marker-style";

function LegendSymbol({ svg }: { svg: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{ display: "inline-flex", width: 28, justifyContent: "center", flexShrink: 0 }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the markers' own SVG (marker-style.ts), no user input in it.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

export function MapLegend({ kinds }: { kinds: readonly TProfileKind[] }) {
  const items = [
    ...kinds.map((kind) => ({
      key: kind,
      label: KINDS[kind].plural,
      symbol: <LegendSymbol svg={markerSvg(markerStyle(kind))} />,
    })),
    {
      key: "sponsored",
      label: "Sponsored",
      symbol: <LegendSymbol svg={markerSvg(markerStyle(kinds[0] ?? "facility", {}, true))} />,
    },
    {
      key: "cluster",
      label: "Several places: select to zoom in",
      symbol: (
        <Box component="span" aria-hidden="true" sx={{ width: 28, display: "inline-flex" }}>
          <Box
            component="span"
            sx={{
              width: 20,
              height: 20,
              mx: "auto",
              borderRadius: "50%",
              bgcolor: "primary.main",
              border: "2px solid rgba(255,255,255,0.85)",
              boxShadow: "0 1px 3px rgba(0,0,0,0.35)",
            }}
          />
        </Box>
      ),
    },
  ];
  return (
    <Box
      component="ul"
      aria-label="Map legend"
      sx={{
        display: "flex",
        flexWrap: "wrap",
        gap: { xs: 1, sm: 2 },
        listStyle: "none",
        m: 0,
        p: 0,
      }}
    >
      {items.map((item) => (
        <Box component="li" key={item.key} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          {item.symbol}
          <Typography component="span" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
