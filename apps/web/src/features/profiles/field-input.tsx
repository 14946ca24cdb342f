// One labelled input for a field spec: text, number, date, switch, native select, tags or a
// listing picked by name. Every input has a visible label and its error beside it.
import type { TProfileKind } from "@hostfield/domain/reference";
import Autocomplete from "@mui/material/Autocomplete";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useDeferredValue, useState } from "react";
import type { TFieldSpec, TFormValue } from "./profile-fields";
import { useProfile, useProfiles } from "./use-profiles";

/** Spec §5: date pickers are bounded to 1900-01-01 … 2099-12-31. */
const DATE_BOUNDS = { min: "1900-01-01", max: "2099-12-31" };

export function FieldInput({
  spec,
  value,
  error,
  required = false,
  onChange,
}: {
  spec: TFieldSpec;
  value: TFormValue | undefined;
  error?: string;
  required?: boolean;
  onChange: (value: TFormValue) => void;
}) {
  const helperText = error ?? spec.helper;
  const textValue = typeof value === "string" ? value : "";
  const common = {
    label: spec.label,
    name: spec.name,
    required,
    fullWidth: true,
    error: Boolean(error),
    helperText,
  };
  switch (spec.type) {
    case "boolean":
      return (
        <Stack>
          <FormControlLabel
            control={
              <Switch
                name={spec.name}
                checked={value === true}
                onChange={(event) => onChange(event.target.checked)}
              />
            }
            label={spec.label}
          />
          {helperText ? <FormHelperText error={Boolean(error)}>{helperText}</FormHelperText> : null}
        </Stack>
      );
    case "select":
      return (
        <TextField
          {...common}
          select
          value={textValue}
          onChange={(event) => onChange(event.target.value)}
          // A native select: keyboard and phone friendly, and one tab stop.
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{required ? "Choose…" : "Not set"}</option>
          {spec.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </TextField>
      );
    case "tags":
      return (
        <Autocomplete
          multiple
          options={spec.options as string[]}
          value={Array.isArray(value) ? value : []}
          onChange={(_event, next) => onChange(next)}
          filterSelectedOptions
          renderInput={(params) => (
            <TextField {...params} {...common} placeholder={`Add ${spec.label.toLowerCase()}`} />
          )}
        />
      );
    case "profile":
      return (
        <ProfilePicker
          kind={spec.kind}
          label={spec.label}
          value={textValue || null}
          error={error}
          helperText={helperText}
          onChange={(id) => onChange(id ?? "")}
        />
      );
    case "number":
      return (
        <TextField
          {...common}
          type="number"
          value={textValue}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{
            htmlInput: {
              inputMode: spec.integer ? "numeric" : "decimal",
              step: spec.step ?? (spec.integer ? 1 : "any"),
              min: spec.min,
              max: spec.max,
            },
          }}
        />
      );
    case "date":
      return (
        <TextField
          {...common}
          type="date"
          value={textValue}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: DATE_BOUNDS }}
        />
      );
    case "multiline":
      return (
        <TextField
          {...common}
          multiline
          minRows={4}
          value={textValue}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={spec.type === "text" ? "text" : spec.type}
          value={textValue}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={spec.type === "email" ? "email" : spec.type === "tel" ? "tel" : "off"}
        />
      );
  }
}

type TOption = { id: string; name: string };

/** Picks a listed profile of `kind` by typing part of its name. */
export function ProfilePicker({
  kind,
  label,
  value,
  error,
  helperText,
  exclude,
  onChange,
}: {
  kind: TProfileKind;
  label: string;
  value: string | null;
  error?: string;
  helperText?: string;
  exclude?: readonly string[];
  onChange: (id: string | null) => void;
}) {
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text.trim());
  const found = useProfiles(kind, deferred ? { text: deferred } : {}, { take: 10 });
  const chosen = useProfile(kind, value ?? undefined);
  const selected: TOption | null = value ? { id: value, name: chosen.data?.name ?? "…" } : null;
  const options: TOption[] = (found.data?.items ?? [])
    .filter((p) => !exclude?.includes(p.id))
    .map((p) => ({ id: p.id, name: p.name }));
  return (
    <Autocomplete<TOption>
      options={options}
      value={selected}
      loading={found.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, next) => onChange(next?.id ?? null)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      noOptionsText={deferred ? "No listing has that name" : "Type a name"}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
