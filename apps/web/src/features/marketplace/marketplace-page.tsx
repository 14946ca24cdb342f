// One page for every marketplace section: search and filters kept in the address, the states and
// sport categories as ways in, and the results as a list or (loaded on demand) a map.
import { locationSummary } from "@hostfield/domain/rules";
import MapOutlinedIcon from "@mui/icons-material/MapOutlined";
import ViewListIcon from "@mui/icons-material/ViewList";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useMemo } from "react";
import { type TQueryParamsPatch, useQueryParams } from "../../lib/query-params";
import { PageFrame } from "../../ui/page-frame";
import { useSmallScreen } from "../../ui/use-small-screen";
import { visuallyHidden } from "../../ui/visually-hidden";
import { EntryPoints } from "./entry-points";
import { FilterBar } from "./filter-bar";
import {
  hasActiveFilters,
  MARKETPLACE_QUERY_CODECS,
  nearLabel,
  nearOf,
  type TView,
  toSearchFilter,
} from "./marketplace-filters";
import { marketplaceKind } from "./marketplace-kinds";
import { getMarketplaceSection, type TMarketplaceSectionId } from "./marketplace-sections";
import { PhoneSearch } from "./phone-search";
import { ResultList } from "./result-list";
import { SearchForm } from "./search-form";

// The map and Leaflet load only when the map view opens.
const MarketplaceMap = lazy(() => import("./map/marketplace-map"));

/** What every marketplace's empty state says (its title is "No {things} match your search"). */
export const EMPTY_MARKETPLACE_TEXT = "match your search";

type TPatch = TQueryParamsPatch<typeof MARKETPLACE_QUERY_CODECS>;

const VIEWS = [
  { value: "list", label: "List", Icon: ViewListIcon },
  { value: "map", label: "Map", Icon: MapOutlinedIcon },
] as const;

/**
 * Two toggle buttons in a labelled group, joined like one control. Not MUI's ToggleButtonGroup:
 * its buttons register with it from their refs, setting its state while React commits, which
 * made taking over a page the server painted cost one more render of the whole page.
 */
function ViewToggle({ view, onChange }: { view: TView; onChange: (view: TView) => void }) {
  return (
    <Box
      role="group"
      aria-label="Show results as"
      sx={{
        display: "inline-flex",
        "& > :not(:first-of-type)": {
          ml: "-1px",
          borderTopLeftRadius: 0,
          borderBottomLeftRadius: 0,
        },
        "& > :not(:last-of-type)": { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
      }}
    >
      {VIEWS.map(({ value, label, Icon }) => (
        <ToggleButton
          key={value}
          value={value}
          size="small"
          selected={view === value}
          onChange={() => {
            if (view !== value) onChange(value);
          }}
          sx={{ px: 2, gap: 0.75 }}
        >
          <Icon fontSize="small" aria-hidden />
          {label}
        </ToggleButton>
      ))}
    </Box>
  );
}

export function MarketplacePage({ sectionId }: { sectionId: TMarketplaceSectionId }) {
  const section = getMarketplaceSection(sectionId);
  const { Icon } = section;
  // Keyed by section: typed text and open panels belong to one marketplace.
  return (
    <MarketplaceContent
      key={sectionId}
      sectionId={sectionId}
      title={section.title}
      description={section.description}
      icon={<Icon />}
    />
  );
}

function MarketplaceContent({
  sectionId,
  title,
  description,
  icon,
}: {
  sectionId: TMarketplaceSectionId;
  title: string;
  description: string;
  icon: React.ReactNode;
}) {
  const kind = marketplaceKind(sectionId);
  const [query, setQuery] = useQueryParams(MARKETPLACE_QUERY_CODECS);
  const view: TView = query.view ?? "list";
  const filter = useMemo(() => toSearchFilter(query, kind), [query, kind]);
  const filtered = hasActiveFilters(query, kind);
  const near = nearOf(query);
  const searchKey = JSON.stringify(filter);
  const small = useSmallScreen();

  const apply = (patch: TPatch) => setQuery(patch);

  return (
    <PageFrame
      title={title}
      description={description}
      icon={icon}
      actions={
        <ViewToggle
          view={view}
          onChange={(next) => apply({ view: next === "list" ? undefined : next })}
        />
      }
    >
      <Stack spacing={2.5}>
        {small ? (
          <PhoneSearch kind={kind} query={query} onApply={apply} />
        ) : (
          <>
            <SearchForm kind={kind} query={query} onApply={apply} />
            <FilterBar kind={kind} query={query} onApply={apply} />
          </>
        )}
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite">
          {locationSummary({ address: nearLabel(query), dist: near?.dist ?? null })}
        </Typography>
        {/* Ways in when nothing is chosen; the map view keeps the map near the top instead. */}
        {filtered || view === "map" ? null : <EntryPoints kind={kind} query={query} />}
        <Box component="section" aria-labelledby={`${sectionId}-results`}>
          <Typography id={`${sectionId}-results`} component="h2" sx={visuallyHidden}>
            {`${title} results`}
          </Typography>
          {view === "map" ? (
            <Suspense
              fallback={
                <Skeleton
                  variant="rectangular"
                  aria-label="Loading the map"
                  role="status"
                  sx={{ height: { xs: 420, md: 600 }, borderRadius: 2 }}
                />
              }
            >
              <MarketplaceMap key={searchKey} kind={kind} filter={filter} />
            </Suspense>
          ) : (
            <ResultList key={searchKey} kind={kind} filter={filter} query={query} onApply={apply} />
          )}
        </Box>
      </Stack>
    </PageFrame>
  );
}
