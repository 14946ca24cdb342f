// Editing a listing in place: the page's details turn into a form, and saving sends the JSON Patch
// from the listing as loaded to the listing as edited (the domain's computePatch, spec §5).
import { computePatch } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { FieldInput } from "./field-input";
import { apiObjectOf, editableOf, editErrors, editSpecs } from "./listing-form";
import {
  ADDRESS_FIELDS,
  BASICS_FIELDS,
  CONTACT_FIELDS,
  formValuesOf,
  type TFieldErrors,
  type TFieldSpec,
  type TFormValue,
  type TFormValues,
} from "./profile-fields";
import type { TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import { patchProfile, profileKeys, type TProfile } from "./profiles-api";
import { useUpdateCachedProfile } from "./use-profiles";

export const CHANGES_SAVED = "Your changes are saved.";

const WIDE = new Set(["multiline", "tags", "profile"]);

/** Inputs in a two-column grid on wider screens; long ones take the whole row. */
export function FieldGrid({
  specs,
  values,
  errors,
  required = [],
  onChange,
}: {
  specs: readonly TFieldSpec[];
  values: TFormValues;
  errors: TFieldErrors;
  required?: readonly string[];
  onChange: (name: string, value: TFormValue) => void;
}) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" },
      }}
    >
      {specs.map((spec) => (
        <Box
          key={spec.name}
          sx={{ gridColumn: WIDE.has(spec.type) || spec.name === "name" ? "1 / -1" : undefined }}
        >
          <FieldInput
            spec={spec}
            value={values[spec.name]}
            error={errors[spec.name]}
            required={required.includes(spec.name)}
            onChange={(value) => onChange(spec.name, value)}
          />
        </Box>
      ))}
    </Box>
  );
}

export function ProfileEditForm({
  config,
  profile,
  onDone,
}: {
  config: TKindConfig;
  profile: TProfile;
  onDone: () => void;
}) {
  const specs = editSpecs(config);
  const queryClient = useQueryClient();
  const update = useUpdateCachedProfile(config.kind, profile.id);
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<TFormValues>(() => formValuesOf(specs, profile));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const before = editableOf(config, profile);
  const after = apiObjectOf(specs, values);
  const patch = computePatch(before, after);
  const save = useMutation({
    mutationFn: () => patchProfile(config.kind, profile.id, patch),
    onSuccess: (updated) => {
      update((current) => ({ ...updated, myReaction: current.myReaction }));
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists(config.kind) });
      enqueueSnackbar(CHANGES_SAVED, { variant: "success" });
      onDone();
    },
  });
  const onChange = (name: string, value: TFormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name] || (name.startsWith("address.") && errors.address)) {
      setErrors(({ [name]: _gone, address: _address, ...rest }) => rest);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = editErrors(config, after, specs);
    setErrors(found);
    if (Object.keys(found).length > 0 || patch.length === 0 || save.isPending) return;
    save.mutate();
  };
  const groups: { title: string; specs: readonly TFieldSpec[]; required: string[] }[] = [
    { title: "Basics", specs: BASICS_FIELDS, required: ["name"] },
    { title: `${config.label} details`, specs: config.fields, required: [...config.required] },
    { title: "Address", specs: ADDRESS_FIELDS, required: [] },
    { title: "Contact", specs: CONTACT_FIELDS, required: [] },
  ];
  const errorCount = Object.keys(errors).length;
  return (
    <ProfileSection title={`Edit ${profile.name}`}>
      <Box component="form" noValidate onSubmit={submit} aria-label={`Edit ${profile.name}`}>
        <Stack spacing={3}>
          {groups.map((group) =>
            group.specs.length ? (
              <Box
                key={group.title}
                component="fieldset"
                sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
              >
                <Typography
                  component="legend"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, mb: 1.5 }}
                >
                  {group.title}
                </Typography>
                <FieldGrid
                  specs={group.specs}
                  values={values}
                  errors={errors}
                  required={group.required}
                  onChange={onChange}
                />
              </Box>
            ) : null,
          )}
          {errorCount > 0 ? (
            <Alert severity="error" role="alert">
              {errors.address ?? "Some fields need a look before saving."}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert severity="error">
              {apiErrorMessage(save.error, "Your changes could not be saved. Try again.")}
            </Alert>
          ) : null}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <Button
              type="submit"
              variant="contained"
              disabled={patch.length === 0 || save.isPending}
            >
              {save.isPending ? "Saving…" : "Save changes"}
            </Button>
            <Button type="button" color="inherit" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </Box>
    </ProfileSection>
  );
}
