// The request wizard's where step: near a place (within a radius of a city or ZIP) or anywhere in
// the country, said back in words as it is chosen.
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { whereSummary } from "../leads";
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { Choice } from "./choice";
import {
  ADDRESS_SPEC,
  DIST_SPEC,
  type TFieldErrors,
  type TRequestValues,
  type TWhere,
} from "./request-form";

export function WhereStep({
  request,
  errors,
  onChange,
}: {
  request: TRequestValues;
  errors: TFieldErrors;
  onChange: (name: string, value: TFormValue) => void;
}) {
  return (
    <Stack spacing={3}>
      <Choice<TWhere>
        label="Where should the venue be?"
        value={request.where}
        onChange={(value) => onChange("where", value)}
        options={[
          {
            value: "near",
            label: "Near a place",
            detail: "Within a radius of a city or ZIP.",
          },
          { value: "nationally", label: "Anywhere in the country" },
        ]}
      />
      {request.where === "near" ? (
        <FieldGrid
          specs={[ADDRESS_SPEC, DIST_SPEC]}
          values={request}
          errors={errors}
          required={["address", "dist"]}
          onChange={onChange}
        />
      ) : null}
      <Typography color="text.secondary" role="status">
        {whereSummary({
          address: request.where === "near" ? request.address.trim() || null : null,
          dist: Number(request.dist) || null,
        })}
      </Typography>
    </Stack>
  );
}
