// Free text, "near" a place or my location, and the radius: typed here, applied on Search. The
// fields and their state are shared by the wide form (one row) and the phone's (phone-search.tsx).
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

/**
 * What the search fields hold before Search applies them (the address holds what is applied),
 * and the ways to apply them: one state for the wide form and the phone's line and sheet.
 */
export function useSearchFields(query: TMarketplaceQuery, onApply: (patch: TPatch) => void) {
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

  const apply = () => {
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

  return { text, setText, place, setPlace, radius, changeRadius, locating, locate, apply };
}

export type TSearchFields = ReturnType<typeof useSearchFields>;

/** The free text's input (its Field around it is the layout's). */
export function TextField({ fields }: { fields: TSearchFields }) {
  return (
    <TextInput
      type="search"
      placeholder="Name or keyword"
      value={fields.text}
      onChange={(event) => fields.setText(event.target.value)}
      maxLength={200}
      enterKeyHint="search"
    />
  );
}

export function NearField({ fields }: { fields: TSearchFields }) {
  return (
    <Field label="Near">
      <TextInput
        placeholder="City, ST or ZIP"
        value={fields.place}
        onChange={(event) => fields.setPlace(event.target.value)}
        maxLength={300}
        autoComplete="address-level2"
      />
    </Field>
  );
}

export function RadiusField({ fields }: { fields: TSearchFields }) {
  return (
    <Field label="Within">
      <SelectInput
        value={fields.radius}
        onChange={(event) => fields.changeRadius(event.target.value)}
      >
        <option value="">Any distance</option>
        {RADIUS_OPTIONS.map((miles) => (
          <option key={miles} value={String(miles)}>
            {miles} mi
          </option>
        ))}
      </SelectInput>
    </Field>
  );
}

export function LocateButton({ fields }: { fields: TSearchFields }) {
  return (
    <Button
      type="button"
      variant="outlined"
      onClick={fields.locate}
      disabled={fields.locating}
      startIcon={<MyLocationIcon />}
      sx={{ whiteSpace: "nowrap", height: 40 }}
    >
      {fields.locating ? "Locating…" : "My location"}
    </Button>
  );
}

/** The wide screens' search: every field in one row, applied on Search. */
export function SearchForm({
  kind,
  query,
  onApply,
}: {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
}) {
  const fields = useSearchFields(query, onApply);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fields.apply();
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
        gridTemplateColumns: "minmax(0, 2fr) minmax(0, 2fr) minmax(120px, 1fr) auto auto",
        alignItems: "end",
      }}
    >
      <Field label="Search">
        <TextField fields={fields} />
      </Field>
      <NearField fields={fields} />
      <RadiusField fields={fields} />
      <LocateButton fields={fields} />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40 }}>
        Search
      </Button>
    </Box>
  );
}
