// The request wizard's budget and pricing step: the budget, when the organizer decides, and what
// the venues are asked to price (request-form.ts's TERMS_SPECS).
import type { TFormValue } from "../profiles";
import { FieldGrid } from "../profiles";
import { TERMS_SPECS, type TFieldErrors, type TRequestValues } from "./request-form";

export function TermsStep({
  request,
  errors,
  onChange,
}: {
  request: TRequestValues;
  errors: TFieldErrors;
  onChange: (name: string, value: TFormValue) => void;
}) {
  return <FieldGrid specs={TERMS_SPECS} values={request} errors={errors} onChange={onChange} />;
}
