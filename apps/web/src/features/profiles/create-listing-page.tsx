// Creating a listing of any kind (/listings/new?kind=facility): a short guided form checked at
// every step against the shared create contract. The new listing is pending until approved.
import type { TProfileKind } from "@hostfield/domain/reference";
import AddBusinessIcon from "@mui/icons-material/AddBusiness";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { createBodyOf, createErrors, SPORTS_FIELD } from "./listing-form";
import { FieldGrid } from "./profile-edit-form";
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
import {
  isProfileKind,
  KIND_ORDER,
  kindConfig,
  type TKindConfig,
  withArticle,
} from "./profile-kinds";
import { createProfile, profileKeys } from "./profiles-api";

export const CREATE_TITLE = "Create a listing";
export const LISTING_CREATED =
  "Your listing is created. It shows as pending until an admin approves it.";

type TStep = { id: string; label: string; specs: readonly TFieldSpec[]; required: string[] };

/** The steps for a kind: basics (with what the kind must have), details, where and contact. */
export function stepsOf(config: TKindConfig): TStep[] {
  const mustHave = config.fields.filter((spec) => config.required.includes(spec.name));
  const rest = config.fields.filter((spec) => !config.required.includes(spec.name));
  const details = config.children.includes("sports") ? [...rest, SPORTS_FIELD] : rest;
  return [
    {
      id: "basics",
      label: "Basics",
      specs: [...BASICS_FIELDS, ...mustHave],
      required: ["name", ...config.required],
    },
    { id: "details", label: "Details", specs: details, required: [] },
    {
      id: "where",
      label: "Where and contact",
      specs: [...ADDRESS_FIELDS, ...CONTACT_FIELDS],
      required: [],
    },
  ];
}

function KindChoice({
  value,
  onChoose,
}: {
  value: TProfileKind | null;
  onChoose: (kind: TProfileKind) => void;
}) {
  return (
    <Box
      role="radiogroup"
      aria-label="Kind of listing"
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
      }}
    >
      {KIND_ORDER.map((kind) => {
        const config = kindConfig(kind);
        const { Icon } = config;
        const selected = value === kind;
        return (
          <Card
            key={kind}
            variant="outlined"
            sx={{
              borderColor: selected ? "primary.main" : undefined,
              borderWidth: selected ? 2 : 1,
            }}
          >
            <CardActionArea
              role="radio"
              aria-checked={selected}
              onClick={() => onChoose(kind)}
              sx={{ height: "100%" }}
            >
              <CardContent>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 1 }}>
                  <Icon color="primary" aria-hidden />
                  <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                    {config.label}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {config.pitch}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

function ListingWizard({ initialKind }: { initialKind: TProfileKind | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [, setSearchParams] = useSearchParams();
  const [kind, setKind] = useState<TProfileKind | null>(initialKind);
  // Step 0 is the kind; a kind given in the address skips it.
  const [step, setStep] = useState(initialKind ? 1 : 0);
  const [values, setValues] = useState<TFormValues>({});
  const [errors, setErrors] = useState<TFieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const config = kind ? kindConfig(kind) : null;
  const steps = config ? stepsOf(config) : [];
  const allSpecs = steps.flatMap((s) => s.specs);
  const body = createBodyOf(allSpecs, { ...formValuesOf(allSpecs, {}), ...values });
  const create = useMutation({
    mutationFn: () => createProfile(kind!, body),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.lists(created.kind) });
      enqueueSnackbar(LISTING_CREATED, { variant: "success" });
      navigate(`${kindConfig(created.kind).pagePath}/${created.id}`);
    },
  });

  const labels = ["Kind", ...steps.map((s) => s.label), "Review"];
  const reviewStep = steps.length + 1;
  const current = step >= 1 && step <= steps.length ? steps[step - 1] : undefined;

  const goTo = (next: number) => {
    setStep(next);
    // Keep focus where a keyboard or screen-reader user expects it: the new step's title.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const errorsUpTo = (last: number) => {
    if (!config) return {};
    const all = createErrors(config, body, allSpecs);
    const names = new Set(steps.slice(0, last).flatMap((s) => s.specs.map((spec) => spec.name)));
    return Object.fromEntries(
      Object.entries(all).filter(([name]) => names.has(name) || (name === "address" && last >= 3)),
    );
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsUpTo(step);
    setErrors(found);
    if (Object.keys(found).length === 0) goTo(step + 1);
  };
  const onChange = (name: string, value: TFormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const chooseKind = (chosen: TProfileKind) => {
    setKind(chosen);
    setErrors({});
    setSearchParams({ kind: chosen }, { replace: true });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 880 }}>
      <Stepper
        activeStep={step}
        alternativeLabel
        sx={{ mb: 4, display: { xs: "none", sm: "flex" } }}
      >
        {labels.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: "none" }, mb: 1 }}>
        Step {step + 1} of {labels.length}
      </Typography>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ mb: 2, outline: "none" }}
      >
        {step === 0
          ? "What are you listing?"
          : step === reviewStep
            ? "Check and create"
            : `${current?.label}${config ? ` of your ${config.label.toLowerCase()}` : ""}`}
      </Typography>
      {step === 0 ? (
        <>
          <KindChoice value={kind} onChoose={chooseKind} />
          <Stack direction="row" sx={{ mt: 3, justifyContent: "flex-end" }}>
            <Button variant="contained" disabled={!kind} onClick={() => goTo(1)}>
              Next
            </Button>
          </Stack>
        </>
      ) : current && config ? (
        <Box component="form" noValidate onSubmit={next} aria-label={current.label}>
          {current.specs.length ? (
            <FieldGrid
              specs={current.specs}
              values={{ ...formValuesOf(current.specs, {}), ...values }}
              errors={errors}
              required={current.required}
              onChange={onChange}
            />
          ) : (
            <Typography color="text.secondary">Nothing more to add for this kind.</Typography>
          )}
          {errors.address ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.address}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: "space-between" }}>
            <Button onClick={() => goTo(step - 1)}>Back</Button>
            <Button type="submit" variant="contained">
              Next
            </Button>
          </Stack>
        </Box>
      ) : config ? (
        <Stack spacing={2}>
          <Typography>
            You are creating {withArticle(config)} named <strong>{String(body.name ?? "")}</strong>.
            It shows as pending, to you and to admins only, until an admin approves it. You can add
            images, documents, members and more on its page right away.
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gridTemplateColumns: "max-content 1fr",
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {allSpecs
              .filter((spec) => body[spec.name] !== undefined && spec.name !== "description")
              .map((spec) => (
                <Box key={spec.name} sx={{ display: "contents" }}>
                  <Typography component="dt" color="text.secondary">
                    {spec.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
                    {Array.isArray(body[spec.name])
                      ? (body[spec.name] as string[]).join(", ")
                      : typeof body[spec.name] === "boolean"
                        ? body[spec.name]
                          ? "Yes"
                          : "No"
                        : String(body[spec.name])}
                  </Typography>
                </Box>
              ))}
            {body.address ? (
              <Box sx={{ display: "contents" }}>
                <Typography component="dt" color="text.secondary">
                  Address
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {Object.values(body.address as Record<string, unknown>)
                    .filter((part) => typeof part === "string" && part !== "")
                    .join(", ")}
                </Typography>
              </Box>
            ) : null}
          </Box>
          {create.isError ? (
            <Alert severity="error">
              {apiErrorMessage(create.error, "The listing could not be created. Try again.")}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: "space-between" }}>
            <Button onClick={() => goTo(step - 1)} disabled={create.isPending}>
              Back
            </Button>
            <Button
              variant="contained"
              disabled={create.isPending}
              onClick={() => {
                const found = errorsUpTo(steps.length);
                setErrors(found);
                if (Object.keys(found).length === 0) {
                  create.mutate();
                  return;
                }
                // Back to the first step with something to fix.
                const first = steps.findIndex((s) =>
                  s.specs.some((spec) => found[spec.name] || (s.id === "where" && found.address)),
                );
                goTo(first < 0 ? 1 : first + 1);
              }}
            >
              {create.isPending ? "Creating…" : "Create listing"}
            </Button>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}

export function CreateListingPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("kind");
  const kind = isProfileKind(requested) ? requested : null;
  return (
    <PageFrame
      title={CREATE_TITLE}
      description="List your event, venue, destination, organization, business, hotel or company."
      icon={<AddBusinessIcon />}
    >
      <RequireSignIn what="the listing form">
        <ListingWizard initialKind={kind} />
      </RequireSignIn>
    </PageFrame>
  );
}
