// The marketplace's filters (the ones its kind has), the order, and the chips of what is active:
// in one row on wide screens (FilterBar), in the phone's filters sheet otherwise (phone-search.tsx).

import {
  AGE_GROUPS,
  AMENITY_NAMES,
  DATE_PICKER_BOUNDS,
  LOCATION_FILTERS,
  REGIONS,
  SPACE_TYPE_NAMES,
  SPORT_NAMES,
  STATE_NAMES,
  SURFACES,
} from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import type { TQueryParamsPatch } from "../../lib/query-params";
import { Field, SelectInput, TextInput } from "./fields";
import {
  activeFilterChips,
  CLEAR_FILTERS,
  type MARKETPLACE_QUERY_CODECS,
  SEARCH_SORTS,
  SORT_LABELS,
  type TMarketplaceQuery,
} from "./marketplace-filters";
import type { TFilterName, TMarketplaceKind } from "./marketplace-kinds";
import { MultiSelectFilter } from "./multi-select-filter";

type TPatch = TQueryParamsPatch<typeof MARKETPLACE_QUERY_CODECS>;

const LOCATION_LABELS: Record<(typeof LOCATION_FILTERS)[number], string> = {
  Indoor: "Indoor",
  Outdoor: "Outdoor",
  Both: "Indoor & Outdoor",
};

/** "N/A" is what a pool records, not a surface anyone looks for. */
const SURFACE_OPTIONS = SURFACES.filter((surface) => surface !== "N/A");

function NativeSelect({
  label,
  value,
  onChange,
  children,
  width = 160,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  width?: number;
}) {
  return (
    <Field label={label} width={width}>
      <SelectInput value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </SelectInput>
    </Field>
  );
}

function DateFilter({
  label,
  value,
  onChange,
  min,
  width = 160,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The earliest day offered (the window's start, for its end). */
  min?: string | undefined;
  width?: number | string | Record<string, number | string>;
}) {
  return (
    <Field label={label} width={width}>
      <TextInput
        type="date"
        value={value ?? ""}
        min={min && min > DATE_PICKER_BOUNDS.min ? min : DATE_PICKER_BOUNDS.min}
        max={DATE_PICKER_BOUNDS.max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </Field>
  );
}

type TFilterProps = {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
};

/**
 * Every filter the kind has, each applied as it changes, in one labelled group: a row on wide
 * screens, two to a line in the phone's sheet.
 */
export function FilterControls({ kind, query, onApply, small }: TFilterProps & { small: boolean }) {
  const has = (name: TFilterName) => kind.filters.includes(name);
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: "flex",
        flexWrap: "wrap",
        gap: 1,
        alignItems: "end",
        ...(small ? { "& > *": { flex: "1 1 calc(50% - 4px)" } } : {}),
        "& > button": { height: 40 },
      }}
    >
      {has("sports") ? (
        <MultiSelectFilter
          label="Sports"
          options={SPORT_NAMES}
          value={query.sports ?? []}
          onChange={(sports) => onApply({ sports })}
        />
      ) : null}
      {has("types") && kind.types ? (
        <MultiSelectFilter
          label={kind.types.label}
          options={kind.types.options}
          value={(query.types ?? []).filter((type) => kind.types?.options.includes(type))}
          onChange={(types) => onApply({ types })}
        />
      ) : null}
      {has("spaceTypes") ? (
        <MultiSelectFilter
          label="Space type"
          options={SPACE_TYPE_NAMES}
          value={query.spaceTypes ?? []}
          onChange={(spaceTypes) => onApply({ spaceTypes })}
        />
      ) : null}
      {has("surfaces") ? (
        <MultiSelectFilter
          label="Surface"
          options={SURFACE_OPTIONS}
          value={query.surfaces ?? []}
          onChange={(surfaces) => onApply({ surfaces })}
        />
      ) : null}
      {has("amenities") ? (
        <MultiSelectFilter
          label="Amenities"
          options={AMENITY_NAMES}
          value={query.amenities ?? []}
          onChange={(amenities) => onApply({ amenities })}
        />
      ) : null}
      {has("states") ? (
        <MultiSelectFilter
          label="State"
          options={STATE_NAMES}
          value={query.states ?? []}
          onChange={(states) => onApply({ states })}
        />
      ) : null}
      {has("regions") ? (
        <MultiSelectFilter
          label="Region"
          options={REGIONS}
          value={query.regions ?? []}
          onChange={(regions) => onApply({ regions })}
        />
      ) : null}
      {has("location") ? (
        <NativeSelect
          label="Indoor / outdoor"
          value={query.location ?? ""}
          onChange={(value) =>
            onApply({ location: (value || undefined) as TMarketplaceQuery["location"] })
          }
        >
          <option value="">Any</option>
          {LOCATION_FILTERS.map((location) => (
            <option key={location} value={location}>
              {LOCATION_LABELS[location]}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      {has("ageGroup") ? (
        <NativeSelect
          label="Age group"
          value={query.ageGroup ?? ""}
          onChange={(value) =>
            onApply({ ageGroup: (value || undefined) as TMarketplaceQuery["ageGroup"] })
          }
        >
          <option value="">Any age</option>
          {AGE_GROUPS.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      {has("dates") ? (
        <>
          <DateFilter label="From" value={query.from} onChange={(from) => onApply({ from })} />
          <DateFilter label="Until" value={query.to} onChange={(to) => onApply({ to })} />
        </>
      ) : null}
      {has("available") ? (
        // Venues free on every one of these days; the pair stays together when the row wraps,
        // and shares a phone's width.
        <Box
          role="group"
          aria-label="Available"
          sx={{
            display: "flex",
            gap: 1,
            alignItems: "end",
            flex: small ? "1 1 100%" : "0 0 auto",
          }}
        >
          <DateFilter
            label="Available from"
            value={query.freeFrom}
            onChange={(freeFrom) => onApply({ freeFrom })}
            width={small ? "calc(50% - 4px)" : 160}
          />
          <DateFilter
            label="Available until"
            value={query.freeTo}
            min={query.freeFrom}
            onChange={(freeTo) => onApply({ freeTo })}
            width={small ? "calc(50% - 4px)" : 160}
          />
        </Box>
      ) : null}
    </Box>
  );
}

export function SortSelect({ query, onApply }: Omit<TFilterProps, "kind">) {
  return (
    <NativeSelect
      label="Sort by"
      value={query.sort ?? "relevance"}
      onChange={(value) =>
        onApply({
          sort: value === "relevance" ? undefined : (value as TMarketplaceQuery["sort"]),
        })
      }
    >
      {SEARCH_SORTS.map((sort) => (
        <option key={sort} value={sort}>
          {SORT_LABELS[sort]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** What is applied, each a chip that removes it, and Clear all. */
export function ActiveFilters({ kind, query, onApply }: TFilterProps) {
  const chips = activeFilterChips(query, kind);
  return (
    <>
      {chips.length > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          component="ul"
          aria-label="Active filters"
          sx={{ flexWrap: "wrap", m: 0, p: 0, listStyle: "none" }}
        >
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip
                label={chip.label}
                size="small"
                // The whole chip removes its filter, so it is one button with a clear name.
                onClick={() => onApply(chip.remove as TPatch)}
                onDelete={() => onApply(chip.remove as TPatch)}
                aria-label={`Remove filter: ${chip.label}`}
              />
            </li>
          ))}
          <li>
            <Button size="small" onClick={() => onApply(CLEAR_FILTERS)}>
              Clear all
            </Button>
          </li>
        </Stack>
      ) : null}
    </>
  );
}

/** The wide screens' filters: one row of controls, the order at its end, the chips below. */
export function FilterBar({ kind, query, onApply }: TFilterProps) {
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "end" }}>
        <FilterControls kind={kind} query={query} onApply={onApply} small={false} />
        <Box sx={{ ml: "auto" }}>
          <SortSelect query={query} onApply={onApply} />
        </Box>
      </Box>
      <ActiveFilters kind={kind} query={query} onApply={onApply} />
    </Stack>
  );
}
