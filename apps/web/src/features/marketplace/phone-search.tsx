// The phone's search: one line (the free text, Search, and Filters) so the first results show in
// the first screen, and a sheet from the bottom that holds the place, the radius, every filter and
// the order. Filters apply as they change (the results behind the sheet follow); the place applies
// on Show results, as Search does on wide screens.
import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";
import TuneIcon from "@mui/icons-material/Tune";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { LazyDrawer, preloadDrawer } from "../../ui/lazy-overlays";
import { Field } from "./fields";
import { ActiveFilters, FilterControls, SortSelect } from "./filter-bar";
import { activeFilterChips, type TMarketplaceQuery } from "./marketplace-filters";
import type { TMarketplaceKind } from "./marketplace-kinds";
import {
  LocateButton,
  NearField,
  RadiusField,
  TextField,
  type TSearchFields,
  useSearchFields,
} from "./search-form";

type TPatch = Parameters<typeof useSearchFields>[1] extends (patch: infer P) => void ? P : never;

export function PhoneSearch({
  kind,
  query,
  onApply,
}: {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
}) {
  const fields = useSearchFields(query, onApply);
  const [open, setOpen] = useState(false);
  const applied = activeFilterChips(query, kind).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fields.apply();
    setOpen(false);
  };

  return (
    <Stack spacing={1}>
      <Box
        component="form"
        role="search"
        aria-label={`Search ${kind.noun.many}`}
        onSubmit={submit}
        sx={{ display: "flex", gap: 1, alignItems: "center" }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Field label="Search" hideLabel>
            <TextField fields={fields} />
          </Field>
        </Box>
        <IconButton
          type="submit"
          aria-label="Search"
          color="primary"
          sx={{ border: 1, borderRadius: 1, height: 40, width: 40 }}
        >
          <SearchIcon />
        </IconButton>
        <Button
          type="button"
          variant="outlined"
          startIcon={<TuneIcon />}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDrawer}
          onFocus={preloadDrawer}
          sx={{ height: 40, whiteSpace: "nowrap", flexShrink: 0 }}
        >
          Filters{applied > 0 ? ` · ${applied}` : ""}
        </Button>
      </Box>
      <ActiveFilters kind={kind} query={query} onApply={onApply} />
      <FiltersSheet
        kind={kind}
        query={query}
        onApply={onApply}
        fields={fields}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}

function FiltersSheet({
  kind,
  query,
  onApply,
  fields,
  open,
  onClose,
}: {
  kind: TMarketplaceKind;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
  fields: TSearchFields;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const showResults = (event: FormEvent) => {
    event.preventDefault();
    fields.apply();
    onClose();
  };
  return (
    <LazyDrawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          component: "form",
          onSubmit: showResults,
          role: "dialog",
          "aria-labelledby": titleId,
          sx: { maxHeight: "85dvh", borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        } as object,
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", px: 2, pt: 1.5, pb: 1 }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          Filters
        </Typography>
        <IconButton aria-label="Close filters" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ overflowY: "auto", px: 2, pb: 2 }}>
        <Stack spacing={2}>
          <Box
            sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5, alignItems: "end" }}
          >
            <Box sx={{ gridColumn: "1 / -1" }}>
              <NearField fields={fields} />
            </Box>
            <RadiusField fields={fields} />
            <LocateButton fields={fields} />
          </Box>
          <FilterControls kind={kind} query={query} onApply={onApply} small />
          <SortSelect query={query} onApply={onApply} />
        </Stack>
      </Box>
      <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: "divider" }}>
        <Button type="submit" variant="contained" fullWidth sx={{ height: 44 }}>
          Show results
        </Button>
      </Box>
    </LazyDrawer>
  );
}
