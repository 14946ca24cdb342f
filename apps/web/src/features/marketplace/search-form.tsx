// Free text, "near" a place or my location, and the radius: typed here, applied on Search.
import MyLocationIcon from "@mui/icons-material/MyLocation";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { type FormEvent, useEffect, useState } from "react";
import type { TQueryParamsPatch } from "../../lib/query-params";
import { Field, SelectInput, TextInput } from "./fields";
import {
  DEFAULT_RADIUS,
  type MARKETPLACE_QUERY_CODECS,
  MY_LOCATION,
  nearOf,
  RADIUS_OPTIONS,
  type TMarketplaceQuery,
} from "./marketplace-filters";
import type { TMarketplaceKind } from "./marketplace-kinds";

type TPatch = TQueryParamsPatch<typeof MARKETPLACE_QUERY_CODECS>;

export const LOCATION_DENIED = "Your location is not available. Type a place instead.";

/** About 11 m: enough for a radius search, and the address stays short. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function readRadius(raw: string): number | undefined {
  const n = Number(raw);
  return raw !== "" && Number.isFinite(n) && n > 0 ? n : undefined;
}

export function SearchForm({
  kind,
  query,
  onApply,
}: {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const usingMyLocation = query.lat !== undefined && query.lng !== undefined;
  const appliedPlace = usingMyLocation ? (query.near ?? MY_LOCATION) : (query.near ?? "");
  const [text, setText] = useState(query.q ?? "");
  const [place, setPlace] = useState(appliedPlace);
  const [radius, setRadius] = useState(String(query.dist ?? (query.near ? "" : DEFAULT_RADIUS)));
  const [locating, setLocating] = useState(false);

  // Back, forward and chips change the address: the inputs follow it.
  useEffect(() => setText(query.q ?? ""), [query.q]);
  useEffect(() => setPlace(appliedPlace), [appliedPlace]);
  useEffect(() => {
    if (query.dist !== undefined) setRadius(String(query.dist));
  }, [query.dist]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const where = place.trim();
    const keepCoordinates = usingMyLocation && where === appliedPlace;
    onApply({
      q: text.trim() || undefined,
      near: where || undefined,
      lat: keepCoordinates ? query.lat : undefined,
      lng: keepCoordinates ? query.lng : undefined,
      dist: where ? readRadius(radius) : undefined,
    });
  };

  const changeRadius = (raw: string) => {
    setRadius(raw);
    // With a place already applied, a new radius applies at once.
    if (nearOf(query)) onApply({ dist: readRadius(raw) });
  };

  const locate = () => {
    if (!("geolocation" in navigator)) {
      enqueueSnackbar(LOCATION_DENIED, { variant: "warning" });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onApply({
          near: MY_LOCATION,
          lat: round4(position.coords.latitude),
          lng: round4(position.coords.longitude),
          dist: readRadius(radius) ?? DEFAULT_RADIUS,
        });
      },
      () => {
        setLocating(false);
        enqueueSnackbar(LOCATION_DENIED, { variant: "warning" });
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label={`Search ${kind.noun.many}`}
      onSubmit={submit}
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: {
          xs: "1fr 1fr",
          md: "minmax(0, 2fr) minmax(0, 2fr) minmax(120px, 1fr) auto auto",
        },
        alignItems: "end",
      }}
    >
      <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" } }}>
        <Field label="Search">
          <TextInput
            type="search"
            placeholder="Name or keyword"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={200}
            enterKeyHint="search"
          />
        </Field>
      </Box>
      <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" } }}>
        <Field label="Near">
          <TextInput
            placeholder="City, ST or ZIP"
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            maxLength={300}
            autoComplete="address-level2"
          />
        </Field>
      </Box>
      <Field label="Within">
        <SelectInput value={radius} onChange={(event) => changeRadius(event.target.value)}>
          <option value="">Any distance</option>
          {RADIUS_OPTIONS.map((miles) => (
            <option key={miles} value={String(miles)}>
              {miles} mi
            </option>
          ))}
        </SelectInput>
      </Field>
      <Button
        type="button"
        variant="outlined"
        onClick={locate}
        disabled={locating}
        startIcon={<MyLocationIcon />}
        sx={{ whiteSpace: "nowrap", height: 40 }}
      >
        {locating ? "Locating…" : "My location"}
      </Button>
      <Button
        type="submit"
        variant="contained"
        startIcon={<SearchIcon />}
        sx={{ height: 40, gridColumn: { xs: "1 / -1", md: "auto" } }}
      >
        Search
      </Button>
    </Box>
  );
}
