// Spec §2 "Notification toast": every `Notify` the session hub pushes with a notification shows a
// toast with the sender's avatar, title and contents, 'View' and 'Dismiss'. The stack size (3),
// lifetime (5000 ms), position (bottom-left), transitions and pause on hover or window blur come
// from the app's SnackbarProvider (app/toasts.tsx).
import type { THubNotify, TNotification } from "@hostfield/domain/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { type SnackbarKey, useSnackbar } from "notistack";
import { type CSSProperties, type MouseEvent, type Ref, useId, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { useHubNotify } from "../../lib/hub/hub-provider";
import { ContentsText } from "./contents-text";
import { inAppPath, isShownLive, refreshNotifications } from "./notification-links";
import { setNotificationOpened } from "./notifications-api";
import { SenderAvatar } from "./sender-avatar";

/** The snackbar key of a notification's toast: one toast per notification. */
export function toastKey(notification: Pick<TNotification, "id">): string {
  return `notification-${notification.id}`;
}

/**
 * One toast. notistack renders it outside the router and auth providers, so it gets everything
 * it does as callbacks; `ref` and `style` are notistack's, for the slide transition.
 */
export function NotificationToast({
  notification,
  onView,
  onDismiss,
  ref,
  style,
}: {
  notification: TNotification;
  onView: () => void;
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
  style?: CSSProperties;
}) {
  const id = useId();
  const { title, contents, senderProfile } = notification;
  const act = (handler: () => void) => (event: MouseEvent) => {
    // The buttons sit on the toast, whose own click means 'View'.
    event.stopPropagation();
    handler();
  };
  return (
    <Paper
      ref={ref}
      style={style}
      elevation={6}
      role="alert"
      aria-labelledby={`${id}-title`}
      aria-describedby={contents ? `${id}-contents` : undefined}
      // Clicking anywhere on the toast is 'View' (spec §2); from the keyboard it is the button.
      onClick={onView}
      sx={{
        width: { xs: "100%", sm: 380 },
        maxWidth: "100%",
        p: 1.5,
        cursor: "pointer",
        display: "flex",
        flexDirection: "column",
        gap: 1,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start", minWidth: 0 }}>
        <SenderAvatar sender={senderProfile} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            id={`${id}-title`}
            sx={{ fontWeight: 700, overflowWrap: "anywhere" }}
            component="p"
          >
            {title}
          </Typography>
          {senderProfile ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {senderProfile.name}
            </Typography>
          ) : null}
          {contents ? <ContentsText id={`${id}-contents`}>{contents}</ContentsText> : null}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button size="small" color="inherit" onClick={act(onDismiss)}>
          Dismiss
        </Button>
        <Button size="small" variant="contained" onClick={act(onView)}>
          View
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Shows a toast for each `Notify` that carries a notification; renders nothing itself. Mount it
 * once inside the router (the shell), where the hub provider and auth are.
 */
export function NotifyToasts() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  // Toasts outlive renders: their buttons read the latest values through this ref.
  const latest = useRef({ navigate, userId: auth.user?.id ?? null });
  latest.current = { navigate, userId: auth.user?.id ?? null };

  useHubNotify((data: THubNotify) => {
    const notification = data.notification;
    if (!notification) return;
    const url = notification.url ?? data.url;
    // Someone reading the conversation sees the message arrive; a toast would only repeat it.
    if (isShownLive(url, pathname)) return;

    const view = (key: SnackbarKey) => {
      closeSnackbar(key);
      const userId = latest.current.userId ?? notification.userId;
      void setNotificationOpened(userId, notification.id, true)
        .catch(() => undefined)
        .then(() => refreshNotifications(queryClient));
      const path = inAppPath(url);
      if (path) latest.current.navigate(path);
    };

    enqueueSnackbar({
      key: toastKey(notification),
      // The same notification pushed twice shows once.
      preventDuplicate: true,
      message: notification.title,
      content: (key) => (
        <NotificationToast
          notification={notification}
          onView={() => view(key)}
          onDismiss={() => closeSnackbar(key)}
        />
      ),
    });
  });

  return null;
}
