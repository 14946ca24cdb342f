// A tiered listing's membership, on its page for its managers (`/facilities/{id}#membership`): the
// tier and where it comes from, the subscription (renewal or end, past due with its grace, a change
// waiting for its payment), and the plans on sale with a Monthly/Yearly switch: "Choose" goes to the
// provider's hosted checkout, "Upgrade"/"Downgrade" change the subscription, "Cancel at period end"
// ends it. Back from the checkout (`?checkout=success`), the membership is asked again every 2 s for
// up to a minute until the provider's confirmation grants the tier; nothing is granted before.
import {
  SOLD_TIERS,
  type TBillingInterval,
  type TListingMembership,
  type TSoldTier,
  type TTieredKind,
} from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { useSiteLinks } from "../../lib/external-links";
import { useConfirm } from "../../ui/confirm";
import { PageSection } from "../../ui/page-section";
import { RetryAlert } from "../../ui/query-states";
import { SiteAnchor } from "../../ui/site-link";
import {
  cancelSubscription,
  changeSubscription,
  getMembership,
  PAYMENTS_NOT_CONFIGURED,
  PAYMENTS_UNAVAILABLE,
  paymentsKeys,
  refusedWith,
  SUBSCRIPTION_EXISTS,
  startCheckout,
} from "./payments-api";
import {
  changeDirection,
  checkoutConfirmed,
  forgetCheckout,
  INTERVAL_LABELS,
  planLine,
  priceText,
  recalledCheckout,
  rememberCheckout,
  tierName,
} from "./payments-format";

export const MEMBERSHIP_TITLE = "Membership";
export const PAYMENTS_OFF_TEXT = "Tiers are set by Hostfield's team:";
export const CHECKOUT_PENDING =
  "Payment received; your tier updates as soon as the provider confirms it.";
export const CHECKOUT_CANCELLED = "Checkout cancelled; nothing was charged.";
export const PROVIDER_DOWN =
  "The payment provider can't be reached right now, so nothing was charged. Try again in a moment.";

/** How often, and how long, the membership is asked again after a checkout. */
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_POLL_LIMIT_MS = 60_000;

type TPlanChoice = { tier: TSoldTier; interval: TBillingInterval };
type TSubscription = NonNullable<TListingMembership["subscription"]>;

/** A subscription that holds the listing's plan (one ended or never paid does not). */
const isLive = (subscription: TSubscription | null): subscription is TSubscription =>
  subscription?.state === "active" || subscription?.state === "past_due";

export function MembershipSection({ kind, id }: { kind: TTieredKind; id: string }) {
  const [params, setParams] = useSearchParams();
  const checkout = params.get("checkout");
  const returning = checkout === "success" || checkout === "cancelled";
  const [bought] = useState(() =>
    checkout === "success" ? (recalledCheckout(kind, id)?.tier ?? null) : null,
  );
  const [timedOut, setTimedOut] = useState(false);
  const waiting = checkout === "success" && !timedOut;

  const membership = useQuery({
    queryKey: paymentsKeys.membership(kind, id),
    queryFn: ({ signal }) => getMembership(kind, id, signal),
    // Back from the checkout: ask again until the provider's confirmation grants the tier.
    refetchInterval: (query) => {
      const data = query.state.data;
      return waiting && !(data && checkoutConfirmed(data, bought)) ? CHECKOUT_POLL_MS : false;
    },
  });
  const confirmed =
    checkout === "success" && !!membership.data && checkoutConfirmed(membership.data, bought);

  useEffect(() => {
    if (checkout !== "success") return;
    const timer = window.setTimeout(() => setTimedOut(true), CHECKOUT_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [checkout]);
  useEffect(() => {
    if (confirmed) forgetCheckout();
  }, [confirmed]);

  // Back from the provider the page opens at its top: bring the section into view.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (returning) frame.current?.scrollIntoView?.({ block: "start" });
  }, [returning]);

  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true });
  };

  return (
    <Box ref={frame}>
      <PageSection title={MEMBERSHIP_TITLE}>
        <Stack spacing={2}>
          {checkout === "cancelled" ? (
            <Alert severity="info" role="status" onClose={dismiss}>
              {CHECKOUT_CANCELLED}
            </Alert>
          ) : null}
          {checkout === "success" ? (
            <CheckoutReturn
              confirmed={confirmed}
              timedOut={timedOut}
              membership={membership.data}
              onClose={dismiss}
            />
          ) : null}
          {membership.isPending ? (
            <Stack spacing={1} role="status" aria-label="Loading the membership">
              <Skeleton variant="text" width="40%" />
              <Skeleton variant="rounded" height={140} />
            </Stack>
          ) : membership.isError && !membership.data ? (
            <RetryAlert onRetry={() => void membership.refetch()}>
              {apiErrorMessage(membership.error, "The membership did not load.")}
            </RetryAlert>
          ) : membership.data ? (
            <MembershipView kind={kind} id={id} membership={membership.data} />
          ) : null}
        </Stack>
      </PageSection>
    </Box>
  );
}

function CheckoutReturn({
  confirmed,
  timedOut,
  membership,
  onClose,
}: {
  confirmed: boolean;
  timedOut: boolean;
  membership: TListingMembership | undefined;
  onClose: () => void;
}) {
  if (confirmed && membership) {
    return (
      <Alert severity="success" role="status" onClose={onClose}>
        Payment confirmed: {membership.listing.name} is now {tierName(membership.tier)}.
      </Alert>
    );
  }
  if (timedOut) {
    return (
      <Alert severity="warning" role="status" onClose={onClose}>
        The provider has not confirmed the payment yet. Your tier updates once it does; look again
        in a few minutes.
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      role="status"
      icon={<CircularProgress size={20} aria-hidden />}
      onClose={onClose}
    >
      {CHECKOUT_PENDING}
    </Alert>
  );
}

/** What a failed purchase, change or cancellation says. */
function failureText(error: unknown, fallback: string): string {
  if (refusedWith(error, PAYMENTS_UNAVAILABLE)) return PROVIDER_DOWN;
  if (refusedWith(error, SUBSCRIPTION_EXISTS)) {
    return "This listing has a subscription already: change its plan instead.";
  }
  if (refusedWith(error, PAYMENTS_NOT_CONFIGURED)) {
    return "Payments are off: tiers are set by Hostfield's team.";
  }
  return apiErrorMessage(error, fallback);
}

/** 'contact us': the app's Contact page, or the deployment's own site's (lib/external-links). */
function ContactUs() {
  return (
    <Link component={SiteAnchor} href={useSiteLinks().contact}>
      contact us
    </Link>
  );
}

function MembershipView({
  kind,
  id,
  membership,
}: {
  kind: TTieredKind;
  id: string;
  membership: TListingMembership;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const location = useLocation();
  const subscription = membership.subscription;
  const live = isLive(subscription) ? subscription : null;
  const [interval, setBilling] = useState<TBillingInterval>(live?.interval ?? "month");
  const [failure, setFailure] = useState<{ text: string; retry: (() => void) | null } | null>(null);
  const key = paymentsKeys.membership(kind, id);
  const name = membership.listing.name;

  const onFailed = (error: unknown, fallback: string, retry: () => void) => {
    setFailure({
      text: failureText(error, fallback),
      retry: refusedWith(error, PAYMENTS_UNAVAILABLE) ? retry : null,
    });
    // A conflict (a subscription already there, payments turned off): the listing's state is not
    // what the page thought, so read it again.
    if (error instanceof ApiError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const checkout = useMutation({
    mutationFn: (plan: TPlanChoice) =>
      startCheckout(kind, id, { ...plan, returnPath: location.pathname }),
    onMutate: () => setFailure(null),
    onSuccess: ({ url }, plan) => {
      rememberCheckout({ kind, id, ...plan });
      window.location.assign(url);
    },
    onError: (error, plan) =>
      onFailed(error, "The checkout could not start. Try again.", () => checkout.mutate(plan)),
  });
  const change = useMutation({
    mutationFn: (plan: TPlanChoice) => changeSubscription(kind, id, plan),
    onMutate: () => setFailure(null),
    onSuccess: (next, plan) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar(
        next.subscription?.pending
          ? `${plan.tier} starts once its payment is confirmed.`
          : `The plan is now ${plan.tier}, ${INTERVAL_LABELS[plan.interval].toLowerCase()}.`,
        { variant: "success" },
      );
    },
    onError: (error, plan) =>
      onFailed(error, "The plan did not change. Try again.", () => change.mutate(plan)),
  });
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(kind, id),
    onMutate: () => setFailure(null),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar("The subscription ends at the end of the period.", { variant: "success" });
    },
    onError: (error) =>
      onFailed(error, "The subscription was not cancelled. Try again.", () => cancel.mutate()),
  });
  // Undoing a cancellation keeps the same plan: the subscription renews again, nothing is charged.
  const resume = useMutation({
    mutationFn: (plan: TPlanChoice) => changeSubscription(kind, id, plan),
    onMutate: () => setFailure(null),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar("The subscription is kept: it renews as before.", { variant: "success" });
    },
    onError: (error, plan) =>
      onFailed(error, "The subscription was not kept. Try again.", () => resume.mutate(plan)),
  });
  const busy =
    checkout.isPending ||
    checkout.isSuccess ||
    change.isPending ||
    cancel.isPending ||
    resume.isPending;

  const askChange = async (plan: TPlanChoice, label: string) => {
    if (!live) return;
    const up = changeDirection(live.tier, plan.tier) === "up";
    const result = await confirm({
      title: `${label}?`,
      description: up
        ? `${name} moves to ${plan.tier} once the payment for it is confirmed; until then it keeps ${live.tier}.`
        : `${name} moves to ${plan.tier}, ${INTERVAL_LABELS[plan.interval].toLowerCase()}. The provider settles the difference on the next invoice.`,
      confirmText: label,
    });
    if (result === "confirmed") change.mutate(plan);
  };
  const askCancel = async () => {
    if (!live) return;
    const until = formatDate(live.currentPeriodEnd);
    const result = await confirm({
      title: "Cancel the subscription at the end of the period?",
      description: `${name} keeps ${live.tier}${until ? ` until ${until}` : " until the paid period ends"}; then its tier ends and nothing more is charged.`,
      confirmText: "Cancel at period end",
      cancelText: "Keep the subscription",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") cancel.mutate();
  };

  return (
    <Stack spacing={2.5}>
      <CurrentTier membership={membership} />
      {subscription ? <SubscriptionSummary subscription={subscription} /> : null}
      {failure ? (
        <Alert
          severity="error"
          action={
            failure.retry ? (
              <Button color="inherit" size="small" onClick={failure.retry}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {failure.text}
        </Alert>
      ) : null}
      {!membership.paymentsEnabled ? (
        <Typography>
          {PAYMENTS_OFF_TEXT} <ContactUs />.
        </Typography>
      ) : subscription?.state === "incomplete" ? null : (
        <Plans
          kind={kind}
          membership={membership}
          live={live}
          interval={interval}
          onInterval={setBilling}
          action={(plan) => {
            if (!live) {
              return (
                <Button
                  variant="contained"
                  disabled={busy}
                  aria-label={`Choose ${plan.tier}`}
                  onClick={() => checkout.mutate(plan)}
                >
                  {checkout.isPending && checkout.variables?.tier === plan.tier
                    ? "Starting checkout…"
                    : "Choose"}
                </Button>
              );
            }
            if (live.tier === plan.tier && live.interval === plan.interval) {
              return <Chip color="primary" label="Current plan" />;
            }
            const pending = live.pending;
            if (pending?.tier === plan.tier && pending.interval === plan.interval) {
              return <Chip color="warning" variant="outlined" label="Waiting for payment" />;
            }
            const direction = changeDirection(live.tier, plan.tier);
            const label =
              direction === "same"
                ? `Switch to ${INTERVAL_LABELS[plan.interval].toLowerCase()}`
                : `${direction === "up" ? "Upgrade" : "Downgrade"} to ${plan.tier}`;
            return (
              <Button
                variant={direction === "up" ? "contained" : "outlined"}
                disabled={busy}
                aria-label={label}
                onClick={() => void askChange(plan, label)}
              >
                {direction === "same" ? label : direction === "up" ? "Upgrade" : "Downgrade"}
              </Button>
            );
          }}
        />
      )}
      {membership.paymentsEnabled && live && !live.cancelAtPeriodEnd ? (
        <Box>
          <Button color="error" variant="text" disabled={busy} onClick={() => void askCancel()}>
            Cancel at period end
          </Button>
        </Box>
      ) : null}
      {membership.paymentsEnabled && live?.cancelAtPeriodEnd ? (
        <Box>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => resume.mutate({ tier: live.tier, interval: live.interval })}
          >
            {resume.isPending ? "Keeping…" : "Keep the subscription"}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

const SOURCE_TEXT = {
  admin: "Set by Hostfield's team",
  subscription: "From the subscription",
} as const;

function CurrentTier({ membership }: { membership: TListingMembership }) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Typography>
        Current tier:{" "}
        <Box component="strong" sx={{ fontWeight: 600 }}>
          {tierName(membership.tier)}
        </Box>
      </Typography>
      {membership.source ? (
        <Chip size="small" variant="outlined" label={SOURCE_TEXT[membership.source]} />
      ) : null}
    </Stack>
  );
}

function SubscriptionSummary({ subscription }: { subscription: TSubscription }) {
  const { tier, interval, state, cancelAtPeriodEnd, pending } = subscription;
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const lines: ReactNode[] = [];
  if (state === "canceled") lines.push("The subscription has ended.");
  else if (state === "incomplete") {
    lines.push("Waiting for the first payment to be confirmed by the provider.");
  } else if (cancelAtPeriodEnd) {
    lines.push(periodEnd ? `Ends on ${periodEnd}; the tier lapses then.` : "Ends with the period.");
  } else if (periodEnd) lines.push(`Renews on ${periodEnd}.`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>
          Subscription: {tier}, {INTERVAL_LABELS[interval].toLowerCase()}
        </Typography>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of at most one line
          <Typography key={index} variant="body2" color="text.secondary">
            {line}
          </Typography>
        ))}
        {state === "past_due" ? (
          <Alert severity="warning">
            Past due: the last payment failed.{" "}
            {subscription.graceUntil
              ? `${tier} is kept until ${formatDate(subscription.graceUntil)}; it lapses then unless the payment goes through.`
              : `${tier} lapses unless the payment goes through.`}
          </Alert>
        ) : null}
        {pending ? (
          <Alert severity="info">
            Change pending: {pending.tier}, {INTERVAL_LABELS[pending.interval].toLowerCase()},
            starts once its payment is confirmed.
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Plans({
  kind,
  membership,
  live,
  interval,
  onInterval,
  action,
}: {
  kind: TTieredKind;
  membership: TListingMembership;
  live: TSubscription | null;
  interval: TBillingInterval;
  onInterval: (interval: TBillingInterval) => void;
  action: (plan: TPlanChoice) => ReactNode;
}) {
  const titleId = useId();
  if (membership.plans.length === 0) {
    return (
      <Typography color="text.secondary">
        No plans are on sale yet. Tiers are set by Hostfield's team meanwhile.
      </Typography>
    );
  }
  const priceOf = (tier: TSoldTier) =>
    membership.plans.find((p) => p.tier === tier && p.interval === interval) ?? null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={titleId}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {live ? "Change plan" : "Plans"}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={interval}
          onChange={(_event, next: TBillingInterval | null) => {
            if (next) onInterval(next);
          }}
          aria-label="Billing"
        >
          <ToggleButton value="month">{INTERVAL_LABELS.month}</ToggleButton>
          <ToggleButton value="year">{INTERVAL_LABELS.year}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Box
        component="ul"
        aria-label="Plans"
        sx={{
          listStyle: "none",
          m: 0,
          p: 0,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        {SOLD_TIERS.map((tier) => {
          const price = priceOf(tier);
          return (
            <Paper
              key={tier}
              component="li"
              variant="outlined"
              aria-label={tier}
              sx={{
                p: 2,
                display: "flex",
                flexDirection: "column",
                gap: 1,
                ...(live?.tier === tier ? { borderColor: "primary.main" } : {}),
              }}
            >
              <Typography variant="h6" component="h4">
                {tier}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                {price ? priceText(price.amount, interval) : "Not on sale"}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                {planLine(kind, tier)}
              </Typography>
              <Box>{price ? action({ tier, interval }) : null}</Box>
            </Paper>
          );
        })}
      </Box>
    </Stack>
  );
}
