// "Push notifications" on /account: this device's subscription (the browser asks permission, the
// service worker's pushManager subscribes with the server's VAPID key, the server keeps the
// subscription; turning it off does the reverse), and which news is pushed, per category, to
// every device the member turned on. Browsers without push, and a permission the member refused,
// say so instead of offering a button that cannot work.
import {
  type TPushMode,
  type TPushPublicKey,
  ZPushPreferences,
  ZPushPublicKey,
} from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { ApiError, apiDelete, apiErrorMessage, apiGet, apiPost } from "../../lib/api";
import { serviceWorkerRegistration } from "../../lib/service-worker";
import { USERS_PATH } from "./account-api";
import { AccountSection } from "./account-section";
import { ChannelPreferences } from "./channel-preferences";

export const PUSH_SETTINGS_TITLE = "Push notifications";

const PUSH_MODE_LABELS: Record<TPushMode, string> = { instant: "Instantly", off: "Off" };

/** What this device can do about push, and whether it receives the member's. */
type TDeviceState =
  | { kind: "unsupported" }
  | { kind: "unavailable" }
  | { kind: "denied" }
  | { kind: "off" }
  | { kind: "on"; subscription: PushSubscription };

const canPush = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

/** The VAPID key as `pushManager.subscribe` takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function deviceState(): Promise<TDeviceState> {
  if (!canPush()) return { kind: "unsupported" };
  if (Notification.permission === "denied") return { kind: "denied" };
  const registration = await serviceWorkerRegistration();
  if (!registration) return { kind: "unavailable" };
  const subscription = await registration.pushManager.getSubscription();
  return subscription && Notification.permission === "granted"
    ? { kind: "on", subscription }
    : { kind: "off" };
}

const devicesPath = (userId: string) =>
  `${USERS_PATH}/${encodeURIComponent(userId)}/push-subscriptions`;

class PermissionRefused extends Error {}

async function turnOn(userId: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PermissionRefused();
  const registration = await serviceWorkerRegistration();
  if (!registration) throw new Error("This version of the app cannot receive notifications.");
  const { publicKey } = await apiGet<TPushPublicKey>("/user-mgmt/api/push/public-key", {
    schema: ZPushPublicKey,
  });
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiPost(devicesPath(userId), subscription.toJSON());
}

async function turnOff(userId: string, subscription: PushSubscription): Promise<void> {
  await apiDelete(devicesPath(userId), { query: { endpoint: subscription.endpoint } }).catch(
    (error: unknown) => {
      // Already forgotten by the server: the device still stops receiving below.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    },
  );
  await subscription.unsubscribe();
}

function DeviceControl({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const key = ["push-device", userId] as const;
  const state = useQuery({ queryKey: key, queryFn: deviceState, staleTime: Infinity });
  const change = useMutation({
    mutationFn: (on: boolean) =>
      on
        ? turnOn(userId)
        : state.data?.kind === "on"
          ? turnOff(userId, state.data.subscription)
          : Promise.resolve(),
    onSuccess: (_, on) =>
      enqueueSnackbar(
        on
          ? "Push notifications are on for this device."
          : "Push notifications are off for this device.",
        { variant: "success" },
      ),
    onError: (error) => {
      if (error instanceof PermissionRefused) {
        enqueueSnackbar("Your browser did not allow notifications.", { variant: "info" });
        return;
      }
      enqueueSnackbar(apiErrorMessage(error, "Push notifications could not be changed."), {
        variant: "error",
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  if (state.isPending) return <Skeleton variant="rounded" height={40} />;
  const device = state.data ?? { kind: "unsupported" };
  if (device.kind === "unsupported")
    return (
      <Alert severity="info">
        This browser cannot receive push notifications. On an iPhone or iPad, add Hostfield to your
        home screen first (Share, then Add to Home Screen) and open it from there.
      </Alert>
    );
  if (device.kind === "unavailable")
    return (
      <Alert severity="info">
        Push notifications are not available in this version of the app. Reload the page to try
        again.
      </Alert>
    );
  if (device.kind === "denied")
    return (
      <Alert severity="warning">
        Notifications are blocked for this site in your browser. Allow them in the browser's site
        settings, then reload this page to turn them on.
      </Alert>
    );
  const on = device.kind === "on";
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
    >
      <Typography variant="body1">
        {on
          ? "This device receives your push notifications."
          : "This device does not receive push notifications."}
      </Typography>
      <Button
        variant={on ? "outlined" : "contained"}
        disabled={change.isPending}
        onClick={() => change.mutate(!on)}
        sx={{ flexShrink: 0 }}
      >
        {on ? "Turn off on this device" : "Turn on for this device"}
      </Button>
    </Stack>
  );
}

export function PushSettings({ userId }: { userId: string }) {
  return (
    <div id="push">
      <AccountSection
        title={PUSH_SETTINGS_TITLE}
        description="The same news as our e-mails, as a notification on your phone or computer, on each device you turn on."
      >
        <DeviceControl userId={userId} />
        <Typography variant="subtitle2" component="h3">
          What is pushed to your devices
        </Typography>
        <ChannelPreferences
          userId={userId}
          channel="push"
          schema={ZPushPreferences}
          modeLabels={PUSH_MODE_LABELS}
          what="push"
        />
      </AccountSection>
    </div>
  );
}
