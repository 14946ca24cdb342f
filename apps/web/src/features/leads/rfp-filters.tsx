// The RFP marketplace's filter bar: text (searched on submit), sports and states (type to find,
// pick several), and urgency as three toggles. The listings marketplace has its own filter bar;
// this one does not borrow it, because sharing its modules would split them out of the
// marketplace's own chunk and grow that page's first load.
import { ZRfpSearch } from "@hostfield/domain/contracts";
import {
  SPORT_NAMES,
  STATE_NAMES,
  type TSportName,
  type TStateName,
  type TUrgencyPriority,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import SearchIcon from "@mui/icons-material/Search";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useId, useState } from "react";

export type TRfpFilterValues = {
  text: string;
  sports: TSportName[];
  states: TStateName[];
  urgency: TUrgencyPriority[];
};

export function RfpFilters({
  values,
  onChange,
  onClear,
}: {
  values: TRfpFilterValues;
  onChange: (patch: Partial<TRfpFilterValues>) => void;
  onClear: (() => void) | null;
}) {
  const urgencyId = useId();
  return (
    <Box
      role="search"
      aria-label="Filter requests"
      sx={{
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <SearchBox value={values.text} onSearch={(text) => onChange({ text })} />
      <ManyOf
        label="Sports"
        options={SPORT_NAMES}
        value={values.sports}
        onChange={(sports) => onChange({ sports })}
      />
      <ManyOf
        label="States"
        options={STATE_NAMES}
        value={values.states}
        onChange={(states) => onChange({ states })}
      />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        role="group"
        aria-labelledby={urgencyId}
        sx={{ flexWrap: "wrap", alignItems: "center", gridColumn: { md: "1 / -1" } }}
      >
        <Typography id={urgencyId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          Urgency
        </Typography>
        {URGENCY_LEVELS.map((level) => {
          const on = values.urgency.includes(level.priority);
          return (
            <Chip
              key={level.priority}
              component="button"
              type="button"
              aria-pressed={on}
              title={level.tag}
              label={level.label}
              color={on ? "primary" : "default"}
              variant={on ? "filled" : "outlined"}
              onClick={() =>
                onChange({
                  urgency: URGENCY_LEVELS.map((l) => l.priority).filter((p) =>
                    p === level.priority ? !on : values.urgency.includes(p),
                  ),
                })
              }
            />
          );
        })}
        {onClear ? (
          <Button size="small" onClick={onClear} sx={{ ml: { sm: "auto" } }}>
            Clear filters
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

function ManyOf<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={2}
      options={options}
      value={value}
      // Keep the reference list's order, so the address is the same whatever the picking order.
      onChange={(_event, next) => onChange(options.filter((option) => next.includes(option)))}
      renderInput={(params) => <TextField {...params} label={label} placeholder="Any" />}
    />
  );
}

/** Why the search text cannot be sent (ZRfpSearch's limit), or null. */
export function searchTextError(text: string): string | null {
  const parsed = ZRfpSearch.shape.text.safeParse(text);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue?.code === "too_big"
    ? `Use at most ${String(issue.maximum)} characters.`
    : "Search with words.";
}

/** Searches on submit (Enter or the button), so each search is one entry in the history. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  // Back and forward change the address: follow it.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = searchTextError(text);
    setProblem(error);
    if (!error) onSearch(text.trim());
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}
    >
      <TextField
        size="small"
        type="search"
        label="Search requests"
        placeholder="Event or place"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40 }}>
        Search
      </Button>
    </Box>
  );
}
