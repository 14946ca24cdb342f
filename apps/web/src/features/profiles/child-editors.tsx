// The forms with which editors add to a listing's child collections: a sport or an amenity, a
// space type, a boost, a partner. They load only for those who may edit (lazy-editors.tsx), so a
// visitor's page carries none of their fields and pickers.
import {
  PROPOSAL_CURRENCIES,
  type TPatchOperation,
  type TSpaceDayPrice,
  ZBoostDates,
  ZBoostQuotaDetails,
  ZSpaceDayPrice,
  ZSpaceTypeInput,
} from "@hostfield/domain/contracts";
import {
  findSpaceType,
  LOCATIONS,
  NO_SURFACE,
  PROFILE_KINDS,
  SPACE_TYPE_NAMES,
  type TProfileKind,
} from "@hostfield/domain/reference";
import {
  BOOST_MAX_DAYS,
  boostDaysIncluded,
  boostDaysUsed,
  formatEventDate,
  formatEventDateRange,
  isIsoDate,
  monthName,
  monthOf,
  SPONSORED_PER_PAGE,
  type TBoostDates,
  todayUtc,
} from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useConfirm } from "../../ui/confirm";
import { FormDialog } from "../../ui/confirm/form-dialog";
import { BuyBoostDays } from "../payments";
import { NAMED, spaceSummary, useChildMutations } from "./child-sections";
import { FieldInput, ProfilePicker } from "./field-input";
import {
  fieldErrorsOf,
  type TFieldErrors,
  type TFieldSpec,
  type TFormValues,
} from "./profile-fields";
import { isProfileKind, kindConfig, type TKindConfig } from "./profile-kinds";
import { ProfileSection } from "./profile-section";
import {
  addChild,
  patchChild,
  profileKeys,
  type TBoost,
  type TProfile,
  type TSpaceTypeItem,
} from "./profiles-api";
import { useProfileChild } from "./use-profiles";

/** The picker that adds a sport or an amenity (a name from the reference list not yet taken). */
export function NamedChildAddForm({
  config,
  profile,
  segment,
  taken,
}: {
  config: TKindConfig;
  profile: TProfile;
  segment: "sports" | "amenities";
  taken: readonly string[];
}) {
  const words = NAMED[segment];
  const { add } = useChildMutations(config, profile.id, segment);
  const [choice, setChoice] = useState<string | null>(null);
  const [inputText, setInputText] = useState("");
  return (
    <>
      <Stack
        component="form"
        noValidate
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ mt: 2 }}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!choice || add.isPending) return;
          add.mutate(
            { name: choice },
            {
              onSuccess: () => {
                setChoice(null);
                setInputText("");
              },
            },
          );
        }}
      >
        <Autocomplete
          options={words.options.filter((name) => !taken.includes(name))}
          value={choice}
          onChange={(_event, next) => setChoice(next)}
          inputValue={inputText}
          onInputChange={(_event, next) => setInputText(next)}
          sx={{ flexGrow: 1, minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={`Add ${words.one === "amenity" ? "an" : "a"} ${words.one}`}
            />
          )}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!choice || add.isPending}
        >
          Add
        </Button>
      </Stack>
      {add.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={add.reset}>
          {apiErrorMessage(add.error, `The ${words.one} could not be added.`)}
        </Alert>
      ) : null}
    </>
  );
}

/** An add form's end: why the last try was refused, if it was, then the submit button. */
function AddFormEnd(props: {
  add: { isError: boolean; isPending: boolean; error: unknown };
  failed: string;
  label: string;
  mt: number;
}) {
  const { add } = props;
  return (
    <>
      {add.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {apiErrorMessage(add.error, props.failed)}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ mt: props.mt }}
        disabled={add.isPending}
      >
        {props.label}
      </Button>
    </>
  );
}

// ---- space types ----

const SPACE_FIELDS: TFieldSpec[] = [
  { name: "name", label: "Space", type: "select", options: SPACE_TYPE_NAMES },
  { name: "location", label: "Indoor or outdoor", type: "select", options: LOCATIONS },
  { name: "surface", label: "Surface", type: "select", options: [] },
  { name: "count", label: "Number of spaces", type: "number", integer: true, min: 1, max: 1000 },
  {
    name: "additionalFeatures",
    label: "Features",
    type: "text",
    helper: "Separate them with commas, e.g. Lights, Bleachers",
  },
];

const EMPTY_SPACE: TFormValues = {
  name: "",
  location: "",
  surface: "",
  count: "1",
  additionalFeatures: "",
};

// ---- a space type's indicative day price ----

type TCurrency = TSpaceDayPrice["currency"];
/** The price inputs: an empty amount is no price. */
export type TDayPriceValues = { amount: string; currency: TCurrency };

export const NO_DAY_PRICE: TDayPriceValues = { amount: "", currency: "USD" };

export const dayPriceValuesOf = (price: TSpaceDayPrice | null): TDayPriceValues =>
  price ? { amount: String(price.amount), currency: price.currency } : NO_DAY_PRICE;

/**
 * The day price the inputs make, or why it cannot be (the contract's words): null when the amount
 * is empty, which means no price.
 */
export function dayPriceFrom(
  values: TDayPriceValues,
): { price: TSpaceDayPrice | null; problem: null } | { price: null; problem: string } {
  const amount = values.amount.trim();
  if (amount === "") return { price: null, problem: null };
  const parsed = ZSpaceDayPrice.safeParse({ amount: Number(amount), currency: values.currency });
  if (parsed.success) return { price: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  return {
    price: null,
    problem: issue?.code === "invalid_type" ? "Enter a number." : (issue?.message ?? "Check it."),
  };
}

/** The amount and its currency, side by side (a phone too: the currency is short). */
function DayPriceFields({
  values,
  error,
  helper,
  onChange,
}: {
  values: TDayPriceValues;
  error?: string | undefined;
  helper: string;
  onChange: (values: TDayPriceValues) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
      <TextField
        type="number"
        label="Day price per space"
        name="dayPrice.amount"
        value={values.amount}
        onChange={(e) => onChange({ ...values, amount: e.target.value })}
        error={Boolean(error)}
        helperText={error ?? helper}
        slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
        fullWidth
      />
      <TextField
        select
        label="Currency"
        name="dayPrice.currency"
        value={values.currency}
        onChange={(e) => onChange({ ...values, currency: e.target.value as TCurrency })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: 110, flexShrink: 0 }}
      >
        {PROPOSAL_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * Sets, changes or removes a space type's indicative day price (an empty amount removes it), with
 * JSON Patch on the space type.
 */
export function SpaceDayPriceDialog({
  config,
  profile,
  space,
  onClose,
}: {
  config: TKindConfig;
  profile: TProfile;
  space: TSpaceTypeItem;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<TDayPriceValues>(() => dayPriceValuesOf(space.dayPrice));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (operations: TPatchOperation[]) =>
      patchChild(config.kind, profile.id, "spaceTypes", space.id, operations),
    onSuccess: async (saved) => {
      enqueueSnackbar(saved.dayPrice ? "The day price is saved." : "The day price is removed.", {
        variant: "success",
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: profileKeys.one(config.kind, profile.id) });
    },
  });
  return (
    <FormDialog
      title={`Day price of ${spaceSummary(space)}`}
      description={`What one ${space.name.toLowerCase()} costs a day, as an indication planners see beside it before they ask. Leave the amount empty to show no price.`}
      submitText="Save price"
      pending={save.isPending}
      error={save.error ? apiErrorMessage(save.error, "The day price was not saved.") : null}
      onClose={onClose}
      onSubmit={() => {
        const { price, problem: found } = dayPriceFrom(values);
        setProblem(found);
        if (found) return;
        save.mutate([{ op: "replace", path: "/dayPrice", value: price }]);
      }}
    >
      <Box sx={{ pt: 1 }}>
        <DayPriceFields
          values={values}
          error={problem ?? undefined}
          helper="Optional, e.g. 450"
          onChange={(next) => {
            setValues(next);
            setProblem(null);
          }}
        />
      </Box>
    </FormDialog>
  );
}

/** Adds a space: its type decides which places and surfaces it may have (spec §3). */
export function SpaceTypeForm({ config, profile }: { config: TKindConfig; profile: TProfile }) {
  const [values, setValues] = useState<TFormValues>(EMPTY_SPACE);
  const [price, setPrice] = useState<TDayPriceValues>(NO_DAY_PRICE);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const { add } = useChildMutations(config, profile.id, "spaceTypes");
  const type = findSpaceType(String(values.name));
  // The choices follow the space type, as the contract checks (spec §3).
  const locations = type ? type.locations : LOCATIONS;
  const surfaces = type ? (type.surfaces.length ? type.surfaces : [NO_SURFACE]) : [];
  const specs = SPACE_FIELDS.map((spec) =>
    spec.name === "location" && spec.type === "select"
      ? { ...spec, options: locations }
      : spec.name === "surface" && spec.type === "select"
        ? { ...spec, options: surfaces }
        : spec,
  );
  const body = {
    name: values.name,
    location: values.location,
    surface: values.surface,
    count: String(values.count).trim() === "" ? null : Number(values.count),
    additionalFeatures: String(values.additionalFeatures)
      .split(",")
      .map((feature) => feature.trim())
      .filter(Boolean),
    dayPrice: dayPriceFrom(price).price,
  };
  const set = (name: string, value: TFormValues[string]) =>
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === "name") {
        const chosen = findSpaceType(String(value));
        next.location = chosen?.locations.length === 1 ? chosen.locations[0]! : "";
        next.surface = chosen && chosen.surfaces.length === 0 ? NO_SURFACE : "";
      }
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = ZSpaceTypeInput.safeParse(body);
    const found = fieldErrorsOf(result, specs, body);
    const priceProblem = dayPriceFrom(price).problem;
    if (priceProblem) found.dayPrice = priceProblem;
    setErrors(found);
    if (!result.success || priceProblem || add.isPending) return;
    add.mutate(result.data, {
      onSuccess: () => {
        setValues(EMPTY_SPACE);
        setPrice((p) => ({ ...NO_DAY_PRICE, currency: p.currency }));
        setErrors({});
      },
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a space" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
        Add a space
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
        }}
      >
        {specs.map((spec) => (
          <FieldInput
            key={spec.name}
            spec={spec}
            value={values[spec.name]}
            error={errors[spec.name]}
            required={spec.name !== "additionalFeatures"}
            onChange={(value) => set(spec.name, value)}
          />
        ))}
        <DayPriceFields
          values={price}
          error={errors.dayPrice}
          helper="Optional: what one space costs a day, as an indication."
          onChange={(next) => {
            setPrice(next);
            setErrors(({ dayPrice: _gone, ...rest }) => rest);
          }}
        />
      </Box>
      <AddFormEnd add={add} failed="The space could not be added." label="Add space" mt={2} />
    </Box>
  );
}

// ---- boosts ----

const BOOST_FIELDS: TFieldSpec[] = [
  { name: "startDate", label: "First day", type: "date" },
  { name: "endDate", label: "Last day", type: "date" },
];

/** How a boost stands, when it is not simply one of the listing's included days. */
function boostNote(boost: TBoost): string | null {
  if (boost.state === "awaiting_payment") return "Awaiting payment";
  if (boost.source === "paid") return "Bought";
  if (boost.source === "admin") return "Booked by an admin";
  return null;
}

/** The refusal of a boost beyond the month's included days, with what buying it would cost. */
function quotaRefusal(error: unknown) {
  if (!(error instanceof ApiError) || String(error.code) !== "BOOST_QUOTA_EXCEEDED") return null;
  const details = ZBoostQuotaDetails.safeParse(error.details);
  return details.success ? details.data : null;
}

/**
 * Boosts may place the listing at the head of its marketplace's best match, sponsored, for a date
 * range; its tier includes some boost days a month (the domain's BOOST_DAYS_PER_MONTH), and days
 * beyond them are bought (payments on). Editors manage them.
 */
export function BoostsSection({ config, profile }: { config: TKindConfig; profile: TProfile }) {
  const list = useProfileChild(config.kind, profile.id, "boosts");
  const { add, remove } = useChildMutations(config, profile.id, "boosts");
  const confirm = useConfirm();
  const location = useLocation();
  const [values, setValues] = useState<TFormValues>({ startDate: "", endDate: "" });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const items = (list.data?.items ?? []) as TBoost[];
  // The month the form's first day falls in, else this month: how much of it is used.
  const chosen = String(values.startDate);
  const month = monthOf(isIsoDate(chosen) ? chosen : todayUtc());
  const included = boostDaysIncluded(profile.tier);
  const used = boostDaysUsed(items, month);
  const refusal = add.isError ? quotaRefusal(add.error) : null;
  const refused = add.variables as TBoostDates | undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { startDate: String(values.startDate), endDate: String(values.endDate) };
    const result = ZBoostDates.safeParse(body);
    const found = fieldErrorsOf(result, BOOST_FIELDS, {
      startDate: body.startDate || null,
      endDate: body.endDate || null,
    });
    if (found.endDate === "endDate is before startDate") {
      found.endDate = "The last day cannot come before the first.";
    }
    setErrors(found);
    if (!result.success || add.isPending) return;
    add.mutate(result.data, {
      onSuccess: () => setValues({ startDate: "", endDate: "" }),
    });
  };
  return (
    <ProfileSection title="Boosts">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        On the days you choose, a boost may place this listing among the sponsored listings that
        open its marketplace's best match (at most {SPONSORED_PER_PAGE} a page, in turn), with a
        badge: up to {BOOST_MAX_DAYS} days at a time, from today on.{" "}
        {profile.tier ?? "A listing without a tier"} includes {included} boost days a month.
      </Typography>
      {list.isPending ? null : (
        <Typography variant="body2" sx={{ mb: 1.5, fontWeight: 600 }} role="status">
          {`${used} of ${included} boost days used in ${monthName(month)}`}
        </Typography>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No boosts yet.</Typography>
      ) : (
        <List disablePadding>
          {items.map((boost) => {
            const range = formatEventDateRange(boost.startDate, boost.endDate);
            const note = boostNote(boost);
            return (
              <ListItem
                key={boost.id}
                divider
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Cancel the boost of ${range}`}
                    onClick={async () => {
                      const result = await confirm({
                        title: "Cancel this boost?",
                        description: range,
                        confirmText: "Cancel boost",
                        cancelText: "Keep it",
                        confirmButtonType: "danger",
                      });
                      if (result === "confirmed") remove.mutate(boost.id);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={range}
                  secondary={`Added ${formatEventDate(boost.createdDate)}${note ? ` · ${note}` : ""}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {profile.status !== "approved" ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Boosts open once an admin approves this listing.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Add a boost" sx={{ mt: 2 }}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            {BOOST_FIELDS.map((spec) => (
              <FieldInput
                key={spec.name}
                spec={spec}
                value={values[spec.name]}
                error={errors[spec.name]}
                required
                onChange={(value) => setValues((current) => ({ ...current, [spec.name]: value }))}
              />
            ))}
          </Stack>
          <AddFormEnd
            add={add}
            failed="The boost could not be added."
            label="Boost these dates"
            mt={1.5}
          />
          {refusal?.buyable && refused && refusal.amount !== null ? (
            <BuyBoostDays
              kind={config.kind}
              listingId={profile.id}
              dates={{ startDate: refused.startDate, endDate: refused.endDate }}
              extraDays={refusal.extraDays}
              amount={refusal.amount}
              returnPath={location.pathname}
            />
          ) : null}
        </Box>
      )}
    </ProfileSection>
  );
}

// ---- partners ----

/** Links another listing of any kind as a partner (hotels and businesses). */
export function AddPartnerForm({
  config,
  profile,
  taken,
}: {
  config: TKindConfig;
  profile: TProfile;
  taken: readonly string[];
}) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<TProfileKind>("company");
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (id: string) => addChild(config.kind, profile.id, "partners", { partnerId: id }),
    onSuccess: () => {
      setPartnerId(null);
      void queryClient.invalidateQueries({
        queryKey: profileKeys.child(config.kind, profile.id, "partners"),
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (partnerId && !add.isPending) add.mutate(partnerId);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a partner" sx={{ mt: 2 }}>
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label="Partner kind"
          value={kind}
          onChange={(event) => {
            if (isProfileKind(event.target.value)) setKind(event.target.value);
            setPartnerId(null);
          }}
          slotProps={{ select: { native: true } }}
        >
          {PROFILE_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindConfig(k).label}
            </option>
          ))}
        </TextField>
        <ProfilePicker
          key={kind}
          kind={kind}
          label="Partner"
          value={partnerId}
          exclude={[profile.id, ...taken]}
          onChange={setPartnerId}
        />
        {add.isError ? (
          <Alert severity="error">
            {apiErrorMessage(add.error, "The partner could not be added.")}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!partnerId || add.isPending}
          sx={{ alignSelf: "flex-start" }}
        >
          Add partner
        </Button>
      </Stack>
    </Box>
  );
}
