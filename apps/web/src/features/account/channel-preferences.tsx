// A channel's setting per category (e-mail: instantly, daily digest, off; push: instantly, off),
// each change saved at once with exactly that category. E-mail and push settings on /account.
import {
  EMAIL_CATEGORIES,
  type TEmailCategory,
  type TNotificationChannel,
} from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import { apiErrorMessage, apiGet, apiPut } from "../../lib/api";
import { USERS_PATH } from "./account-api";

export const CATEGORY_LABELS: Record<TEmailCategory, { label: string; hint: string }> = {
  leads: { label: "New leads", hint: "A listing you manage receives a request for proposals." },
  proposals: { label: "Proposals", hint: "A venue sends a proposal or passes on your request." },
  decisions: { label: "Awards and losses", hint: "An organizer decides on your proposal." },
  invitations: { label: "Invitations", hint: "Someone invites you to a listing." },
  messages: { label: "Unread messages", hint: "A conversation stays unread for a while." },
};

type TPreferences<TMode extends string> = Record<TEmailCategory, TMode>;

export function ChannelPreferences<TMode extends string>({
  userId,
  channel,
  schema,
  modeLabels,
  what,
}: {
  userId: string;
  channel: TNotificationChannel;
  schema: z.ZodType<TPreferences<TMode>>;
  modeLabels: Record<TMode, string>;
  /** "e-mail", "push": the settings' name in what the section says. */
  what: string;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const path = `${USERS_PATH}/${encodeURIComponent(userId)}/${channel}-preferences`;
  const key = [`${channel}-preferences`, userId] as const;
  const prefs = useQuery({
    queryKey: key,
    queryFn: () => apiGet<TPreferences<TMode>>(path, { schema }),
  });
  const change = useMutation({
    mutationFn: (patch: Partial<TPreferences<TMode>>) =>
      apiPut<TPreferences<TMode>>(path, patch, { schema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      enqueueSnackbar(`Your ${what} settings are saved.`, { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, `Your ${what} settings could not be saved.`), {
        variant: "error",
      }),
  });
  if (prefs.isError)
    return (
      <Alert severity="error">
        {apiErrorMessage(prefs.error, `Your ${what} settings could not be loaded.`)}
      </Alert>
    );
  return (
    <Stack spacing={2}>
      {EMAIL_CATEGORIES.map((category) => {
        const { label, hint } = CATEGORY_LABELS[category];
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
                onChange={(e) =>
                  change.mutate({ [category]: e.target.value as TMode } as Partial<
                    TPreferences<TMode>
                  >)
                }
                sx={{ minWidth: 180 }}
              >
                {(Object.entries(modeLabels) as [TMode, string][]).map(([mode, text]) => (
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
  );
}
