// The request wizard's venue needs step: the sports, the facility types and the space the venue must
// have (request-form.ts says which inputs a request shows and needs).
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { needsSpecs, type TFieldErrors, type TRequestValues } from "./request-form";

export function NeedsStep({
  request,
  errors,
  onChange,
}: {
  request: TRequestValues;
  errors: TFieldErrors;
  onChange: (name: string, value: TFormValue) => void;
}) {
  return (
    <FieldGrid
      specs={needsSpecs(request)}
      values={request}
      errors={errors}
      required={["sportsList", "facilityTypes", "spaceType", "spaceTypeCount", "spaceLocation"]}
      onChange={onChange}
    />
  );
}
