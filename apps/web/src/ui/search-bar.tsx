// A list's search form: a box of words that takes the rest of the row, the filters given beside it
// and a Search button. The words are sent (trimmed) on submit; the filters act as they change.
import SearchIcon from "@mui/icons-material/Search";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { FormEvent, ReactNode } from "react";

export function SearchBar({
  ariaLabel,
  label,
  value,
  onChange,
  onSubmit,
  minWidth = 220,
  before,
  children,
}: {
  /** The form's name ("Find members"). */
  ariaLabel: string;
  /** The box of words' label. */
  label: string;
  /** The words as typed (the draft, not yet searched). */
  value: string;
  onChange: (value: string) => void;
  /** Called with the words, trimmed, when the form is sent. */
  onSubmit: (words: string) => void;
  /** The box's least width from `sm` up, in pixels. */
  minWidth?: number;
  /** Filters before the box of words. */
  before?: ReactNode;
  /** Filters after the box of words, before the Search button. */
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <Stack
      component="form"
      role="search"
      aria-label={ariaLabel}
      onSubmit={submit}
      direction={{ xs: "column", sm: "row" }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}
    >
      {before}
      <TextField
        size="small"
        type="search"
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ flexGrow: 1, minWidth: { sm: minWidth } }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {children}
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Stack>
  );
}
