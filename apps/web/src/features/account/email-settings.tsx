// "E-mail notifications" on /account: per category, mail at once, in a daily digest, or none.
// The mails' "choose which e-mails you get" link lands here (/account#email).
import {
  EMAIL_CATEGORIES,
  type TEmailCategory,
  type TEmailMode,
  type TEmailPreferences,
  ZEmailPreferences,
} from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage, apiGet, apiPut } from "../../lib/api";
import { USERS_PATH } from "./account-api";
import { AccountSection } from "./account-section";

export const EMAIL_SETTINGS_TITLE = "E-mail notifications";

export const EMAIL_CATEGORY_LABELS: Record<TEmailCategory, { label: string; hint: string }> = {
  leads: { label: "New leads", hint: "A listing you manage receives a request for proposals." },
  proposals: { label: "Proposals", hint: "A venue sends a proposal or passes on your request." },
  decisions: { label: "Awards and losses", hint: "An organizer decides on your proposal." },
  invitations: { label: "Invitations", hint: "Someone invites you to a listing." },
  messages: { label: "Unread messages", hint: "A conversation stays unread for a while." },
};

export const EMAIL_MODE_LABELS: Record<TEmailMode, string> = {
  instant: "Instantly",
  digest: "Daily digest",
  off: "Off",
};

const pathOf = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}/email-preferences`;
const keyOf = (userId: string) => ["email-preferences", userId] as const;

export function EmailSettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const prefs = useQuery({
    queryKey: keyOf(userId),
    queryFn: () => apiGet<TEmailPreferences>(pathOf(userId), { schema: ZEmailPreferences }),
  });
  const change = useMutation({
    mutationFn: (patch: Partial<TEmailPreferences>) =>
      apiPut<TEmailPreferences>(pathOf(userId), patch, { schema: ZEmailPreferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(userId), saved);
      enqueueSnackbar("Your e-mail settings are saved.", { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "Your e-mail settings could not be saved."), {
        variant: "error",
      }),
  });
  return (
    <div id="email">
      <AccountSection
        title={EMAIL_SETTINGS_TITLE}
        description="When you are away, we e-mail you about what concerns you. You always see it in your notifications."
      >
        {prefs.isError ? (
          <Alert severity="error">
            {apiErrorMessage(prefs.error, "Your e-mail settings could not be loaded.")}
          </Alert>
        ) : (
          <Stack spacing={2}>
            {EMAIL_CATEGORIES.map((category) => {
              const { label, hint } = EMAIL_CATEGORY_LABELS[category];
              const value = change.isPending
                ? (change.variables[category] ?? prefs.data?.[category])
                : prefs.data?.[category];
              return (
                <Stack
                  key={category}
                  direction={{ xs: "column", sm: "row" }}
                  spacing={{ xs: 1, sm: 2 }}
                  sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
                >
                  <div>
                    <Typography variant="body1">{label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {hint}
                    </Typography>
                  </div>
                  {value === undefined ? (
                    <Skeleton variant="rounded" width={180} height={40} />
                  ) : (
                    <TextField
                      select
                      size="small"
                      label={label}
                      value={value}
                      disabled={change.isPending}
                      onChange={(e) => change.mutate({ [category]: e.target.value as TEmailMode })}
                      sx={{ minWidth: 180 }}
                    >
                      {Object.entries(EMAIL_MODE_LABELS).map(([mode, text]) => (
                        <MenuItem key={mode} value={mode}>
                          {text}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </AccountSection>
    </div>
  );
}
