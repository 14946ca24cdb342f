// The form a business's managers add or change a promotion with: checked against the contract
// before it is sent, each problem shown at its field; the server's refusal shows in the dialog. Its
// image is uploaded (promotion-image-field.tsx), not typed as a link.
import {
  PROMOTION_OFFER_TYPES,
  type TPromotion,
  type TPromotionInput,
  ZPromotionInput,
} from "@hostfield/domain/contracts";
import { AUDIENCE_TAGS } from "@hostfield/domain/reference";
import { PROMOTION_DAYS, todayUtc } from "@hostfield/domain/rules";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { PromotionImageField } from "./promotion-image-field";

type TOfferType = (typeof PROMOTION_OFFER_TYPES)[number];
const OFFER_LABELS: Record<TOfferType, string> = {
  percentage: "Percentage off",
  amount: "Amount off ($)",
  text: "In words",
};

type TValues = {
  title: string;
  description: string;
  offerType: TOfferType;
  offerValue: string;
  offerText: string;
  validFrom: string;
  validTo: string;
  days: string[];
  startTime: string;
  endTime: string;
  terms: string;
  code: string;
  redemptionUrl: string;
  image: string;
  audienceTags: string[];
  isDefault: boolean;
};

function valuesOf(p: TPromotion | null): TValues {
  const today = todayUtc();
  return {
    title: p?.title ?? "",
    description: p?.description ?? "",
    offerType: p?.offer.type ?? "percentage",
    offerValue: p && p.offer.type !== "text" ? String(p.offer.value) : "",
    offerText: p?.offer.type === "text" ? p.offer.text : "",
    validFrom: p?.validFrom ?? today,
    validTo: p?.validTo ?? "",
    days: p?.days ?? [],
    startTime: p?.startTime ?? "",
    endTime: p?.endTime ?? "",
    terms: p?.terms ?? "",
    code: p?.code ?? "",
    redemptionUrl: p?.redemptionUrl ?? "",
    image: p?.image ?? "",
    audienceTags: p?.audienceTags ?? [],
    isDefault: p?.isDefault ?? false,
  };
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

function inputOf(v: TValues): TPromotionInput {
  return {
    title: v.title,
    description: orNull(v.description),
    offer:
      v.offerType === "text"
        ? { type: "text", text: v.offerText }
        : { type: v.offerType, value: Number(v.offerValue) },
    validFrom: v.validFrom,
    validTo: v.validTo,
    days: v.days as TPromotionInput["days"],
    startTime: orNull(v.startTime),
    endTime: orNull(v.endTime),
    terms: orNull(v.terms),
    code: orNull(v.code),
    redemptionUrl: orNull(v.redemptionUrl),
    image: orNull(v.image),
    audienceTags: v.audienceTags as TPromotionInput["audienceTags"],
    isDefault: v.isDefault,
  };
}

/** What an empty date field asks for, in words (the contract's message names the format). */
const MISSING_DATE: Record<string, string> = {
  validFrom: "Choose the first day the deal runs",
  validTo: "Choose the last day the deal runs",
};

/** Problems by the field they belong to; the offer's are the offer field's. */
function problemsOf(input: TPromotionInput): Record<string, string> {
  const result = ZPromotionInput.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(MISSING_DATE)) {
    if (!input[field as keyof TPromotionInput]) found[field] = message;
  }
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "title");
    found[field] ??= issue.message;
  }
  return found;
}

const toggle = (list: string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export function PromotionFormDialog({
  businessId,
  promotion,
  pending,
  error,
  onSave,
  onClose,
}: {
  /** The business the deal is (or becomes) one of: its images are uploaded there. */
  businessId: string;
  promotion: TPromotion | null;
  pending: boolean;
  error: string | null;
  onSave: (input: TPromotionInput) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(promotion));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof TValues>(key: K, value: TValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof TValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      error={Boolean(problems[key])}
      helperText={problems[key]}
      fullWidth
      {...extra}
    />
  );
  const submit = () => {
    const input = inputOf(values);
    const found = problemsOf(input);
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(input);
  };
  return (
    <FormDialog
      title={promotion ? "Change the deal" : "Add a deal"}
      submitText={promotion ? "Save" : "Add deal"}
      pending={pending}
      // Sent once the image being uploaded is in, not without it.
      submitDisabled={uploading}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {text("title", "Title", { required: true, autoFocus: true })}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            select
            label="Offer"
            value={values.offerType}
            onChange={(e) => set("offerType", e.target.value as TOfferType)}
            sx={{ minWidth: 180 }}
          >
            {PROMOTION_OFFER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {OFFER_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {values.offerType === "text"
            ? text("offerText", "What the deal is", {
                error: Boolean(problems.offer),
                helperText: problems.offer,
              })
            : text(
                "offerValue",
                values.offerType === "percentage" ? "Percent off" : "Dollars off",
                {
                  type: "number",
                  error: Boolean(problems.offer),
                  helperText: problems.offer,
                },
              )}
        </Stack>
        {text("description", "Description", { multiline: true, minRows: 2 })}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {text("validFrom", "Valid from", {
            type: "date",
            required: true,
            slotProps: { inputLabel: { shrink: true } },
          })}
          {text("validTo", "Valid to", {
            type: "date",
            required: true,
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Stack>
        <FormControl component="fieldset">
          <FormLabel component="legend">Days (none: every day)</FormLabel>
          <FormGroup row>
            {PROMOTION_DAYS.map((day) => (
              <FormControlLabel
                key={day}
                label={day}
                control={
                  <Checkbox
                    checked={values.days.includes(day)}
                    onChange={() => set("days", toggle(values.days, day))}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {text("startTime", "From (time)", {
            type: "time",
            slotProps: { inputLabel: { shrink: true } },
          })}
          {text("endTime", "Until (time)", {
            type: "time",
            slotProps: { inputLabel: { shrink: true } },
          })}
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {text("code", "Code")}
          {text("redemptionUrl", "Redemption link", { type: "url", placeholder: "https://" })}
        </Stack>
        {text("terms", "Terms", { multiline: true, minRows: 2 })}
        <PromotionImageField
          businessId={businessId}
          value={values.image}
          onChange={(url) => set("image", url)}
          onUploading={setUploading}
        />
        <FormControl component="fieldset" error={Boolean(problems.audienceTags)}>
          <FormLabel component="legend">For</FormLabel>
          <FormGroup row>
            {AUDIENCE_TAGS.map((tag) => (
              <FormControlLabel
                key={tag}
                label={tag}
                control={
                  <Checkbox
                    checked={values.audienceTags.includes(tag)}
                    onChange={() => set("audienceTags", toggle(values.audienceTags, tag))}
                  />
                }
              />
            ))}
          </FormGroup>
          {problems.audienceTags ? <FormHelperText>{problems.audienceTags}</FormHelperText> : null}
        </FormControl>
        <FormControlLabel
          control={
            <Switch
              checked={values.isDefault}
              onChange={(e) => set("isDefault", e.target.checked)}
            />
          }
          label="Feature it on the business's card (replaces the featured deal)"
        />
      </Stack>
    </FormDialog>
  );
}
