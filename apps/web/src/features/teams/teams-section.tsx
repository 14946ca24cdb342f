// The Teams section of an event's hotel blocks page (its organizers): how many teams have booked,
// partly booked or not booked; the stay-to-play rule (every team books within the event's blocks);
// each team with its contact, the rooms it needs, what it booked and when it was last reminded (a
// table, cards on a phone); its booking link to copy, or to replace (the old one stops working);
// changing or deleting a team; adding one, uploading a CSV of them, and reminding by mail those
// that have not booked.
import type { TTeam, TTeamBookingStatus, TTeamsOverview } from "@hostfield/domain/contracts";
import AddIcon from "@mui/icons-material/Add";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import GroupsIcon from "@mui/icons-material/Groups";
import MailIcon from "@mui/icons-material/Mail";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { plural } from "../../lib/stay-format";
import { useConfirm } from "../../ui/confirm";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { visuallyHidden } from "../../ui/visually-hidden";
import { ImportTeamsDialog, TeamDialog } from "./team-dialogs";
import {
  deleteTeam,
  getTeams,
  remindTeams,
  revokeTeamLink,
  setStayToPlay,
  teamsKeys,
} from "./teams-api";
import { teamBookingLink } from "./teams-paths";

export const NO_TEAMS = "No teams yet";
export const STAY_TO_PLAY_TEXT =
  "Every team must book its rooms within the event's hotel blocks: the teams' booking links offer only the blocks' rooms, and what a team books elsewhere for the event shows here.";

const STATUS_COLORS: Record<TTeamBookingStatus, "success" | "warning" | "default"> = {
  Booked: "success",
  "Partly booked": "warning",
  "Not booked": "default",
};

/** "4 reminded by e-mail, 1 skipped (reminded within the last 24 hours)." */
export function remindedText(reminded: number, skipped: number): string {
  const first =
    reminded === 0 ? "No team was reminded" : `${plural(reminded, "team")} reminded by e-mail`;
  return skipped === 0
    ? `${first}.`
    : `${first}; ${plural(skipped, "team")} skipped: reminded within the last day already.`;
}

/** A link to copy by hand (no clipboard), or the new link after a replacement. */
type TShownLink = { teamName: string; link: string; replaced: boolean };

function ShownLink({ shown, onClose }: { shown: TShownLink; onClose: () => void }) {
  return (
    <Alert severity={shown.replaced ? "success" : "info"} onClose={onClose} role="status">
      {shown.replaced
        ? `New booking link for ${shown.teamName}; the old one no longer works. Send this one to the team:`
        : `Copy the booking link for ${shown.teamName}:`}
      <TextField
        value={shown.link}
        size="small"
        slotProps={{
          htmlInput: { readOnly: true, "aria-label": `Booking link for ${shown.teamName}` },
        }}
        onFocus={(e) => e.target.select()}
        sx={{ mt: 1, width: "100%" }}
      />
    </Alert>
  );
}

function Counts({ counts }: { counts: TTeamsOverview["counts"] }) {
  const items = [
    ["Teams", counts.teams],
    ["Booked", counts.booked],
    ["Partly booked", counts.partlyBooked],
    ["Not booked", counts.notBooked],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label="Teams by booking"
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(4, 1fr)" },
        gap: 1,
      }}
    >
      {items.map(([term, value]) => (
        <Paper key={term} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** What the team booked in the event's blocks, and outside them. */
function BookedText({ team }: { team: TTeam }) {
  return (
    <>
      <Typography variant="body2">
        {team.roomsBooked} of {team.roomsNeeded} rooms
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {plural(team.roomNights, "room night")}
        {team.outsideRoomNights > 0
          ? ` · ${plural(team.outsideRoomNights, "room night")} outside the blocks`
          : ""}
      </Typography>
    </>
  );
}

function Contact({ team }: { team: TTeam }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2">{team.contactName}</Typography>
      <Link href={`mailto:${team.contactEmail}`} variant="body2" sx={{ overflowWrap: "anywhere" }}>
        {team.contactEmail}
      </Link>
      {team.contactPhone ? (
        <Link href={`tel:${team.contactPhone}`} variant="body2">
          {team.contactPhone}
        </Link>
      ) : null}
    </Stack>
  );
}

type TTeamActions = {
  copy: (team: TTeam) => void;
  replace: (team: TTeam) => void;
  edit: (team: TTeam) => void;
  remove: (team: TTeam) => void;
  busy: (team: TTeam) => boolean;
};

function TeamActions({ team, actions }: { team: TTeam; actions: TTeamActions }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const pick = (act: (team: TTeam) => void) => () => {
    setAnchor(null);
    act(team);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", justifyContent: "flex-end" }}>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        aria-label={`Copy the booking link of ${team.name}`}
        onClick={() => actions.copy(team)}
      >
        Copy link
      </Button>
      <IconButton
        size="small"
        aria-label={`More for ${team.name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        disabled={actions.busy(team)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(actions.replace)}>Replace booking link</MenuItem>
        <MenuItem onClick={pick(actions.edit)}>Edit</MenuItem>
        <MenuItem onClick={pick(actions.remove)} sx={{ color: "error.main" }}>
          Delete
        </MenuItem>
      </Menu>
    </Stack>
  );
}

const StatusChip = ({ status }: { status: TTeamBookingStatus }) => (
  <Chip size="small" label={status} color={STATUS_COLORS[status]} />
);

function TeamsTable({
  teams,
  actions,
  labelledBy,
}: {
  teams: TTeam[];
  actions: TTeamActions;
  labelledBy: string;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Table size="small" aria-labelledby={labelledBy} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Team</TableCell>
            <TableCell>Contact</TableCell>
            <TableCell align="right">Rooms needed</TableCell>
            <TableCell>Booked</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Reminded</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {teams.map((team) => (
            <TableRow key={team.id}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {team.name}
                </Typography>
              </TableCell>
              <TableCell>
                <Contact team={team} />
              </TableCell>
              <TableCell align="right">{team.roomsNeeded}</TableCell>
              <TableCell>
                <BookedText team={team} />
              </TableCell>
              <TableCell>
                <StatusChip status={team.status} />
              </TableCell>
              <TableCell>{team.remindedDate ? formatDate(team.remindedDate) : "Not yet"}</TableCell>
              <TableCell>
                <TeamActions team={team} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** A phone's list: one card a team. */
function TeamCards({ teams, actions }: { teams: TTeam[]; actions: TTeamActions }) {
  return (
    <Stack component="ul" spacing={1.5} aria-label="Teams" sx={{ p: 0, m: 0, listStyle: "none" }}>
      {teams.map((team) => (
        <Paper
          key={team.id}
          component="li"
          variant="outlined"
          aria-label={team.name}
          sx={{ p: 1.5 }}
        >
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between" }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
                {team.name}
              </Typography>
              <StatusChip status={team.status} />
            </Stack>
            <Contact team={team} />
            <Box>
              <Typography variant="body2">Needs {plural(team.roomsNeeded, "room")}</Typography>
              <BookedText team={team} />
            </Box>
            <Typography variant="caption" color="text.secondary">
              {team.remindedDate ? `Reminded ${formatDate(team.remindedDate)}` : "Not reminded yet"}
            </Typography>
            <TeamActions team={team} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

type TDialog = { kind: "add" } | { kind: "edit"; team: TTeam } | { kind: "import" } | null;

export function TeamsSection({ eventId }: { eventId: string }) {
  const headingId = useId();
  const switchHelpId = useId();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [dialog, setDialog] = useState<TDialog>(null);
  const [shown, setShown] = useState<TShownLink | null>(null);
  const key = teamsKeys.overview(eventId);
  const overview = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getTeams(eventId, signal),
  });
  const fail = (fallback: string) => (error: unknown) =>
    enqueueSnackbar(apiErrorMessage(error, fallback), { variant: "error" });
  const stayToPlay = useMutation({
    mutationFn: (required: boolean) => setStayToPlay(eventId, required),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar(
        next.stayToPlay ? "Stay-to-play is on." : "Stay-to-play is off: teams may stay anywhere.",
        { variant: "success" },
      );
    },
    onError: fail("Stay-to-play was not changed."),
  });
  const replace = useMutation({
    mutationFn: (team: TTeam) => revokeTeamLink(eventId, team.id),
    onSuccess: (team) => {
      queryClient.setQueryData<TTeamsOverview>(key, (current) =>
        current
          ? { ...current, teams: current.teams.map((t) => (t.id === team.id ? team : t)) }
          : current,
      );
      setShown({
        teamName: team.name,
        link: teamBookingLink(window.location.origin, team.bookingPath),
        replaced: true,
      });
    },
    onError: fail("The booking link was not replaced."),
  });
  const remove = useMutation({
    mutationFn: (team: TTeam) => deleteTeam(eventId, team.id),
    onSuccess: (_, team) => {
      enqueueSnackbar(`${team.name} was deleted.`, { variant: "success" });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: fail("The team was not deleted."),
  });
  const remind = useMutation({
    mutationFn: () => remindTeams(eventId),
    onSuccess: (result) => {
      enqueueSnackbar(remindedText(result.reminded, result.skipped), {
        variant: result.reminded > 0 ? "success" : "info",
      });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: fail("The reminders were not sent."),
  });

  const actions: TTeamActions = {
    copy: async (team) => {
      const link = teamBookingLink(window.location.origin, team.bookingPath);
      try {
        await navigator.clipboard.writeText(link);
        setShown(null);
        enqueueSnackbar(`Booking link for ${team.name} copied.`, { variant: "success" });
      } catch {
        // No clipboard (an insecure page, a refused permission): the link to copy by hand.
        setShown({ teamName: team.name, link, replaced: false });
      }
    },
    replace: async (team) => {
      const answer = await confirm({
        title: `Replace the booking link of ${team.name}?`,
        description:
          "The old link stops working at once: whoever opens it is told to ask you for the new one. Send the new link to the team. Its reservations stay as they are.",
        confirmText: "Replace link",
        confirmButtonType: "danger",
      });
      if (answer === "confirmed") replace.mutate(team);
    },
    edit: (team) => setDialog({ kind: "edit", team }),
    remove: async (team) => {
      const answer = await confirm({
        title: `Delete ${team.name}?`,
        description:
          "Its booking link stops working. The reservations it made stay booked, under its name.",
        confirmText: "Delete team",
        confirmButtonType: "danger",
      });
      if (answer === "confirmed") remove.mutate(team);
    },
    busy: (team) =>
      (replace.isPending && replace.variables?.id === team.id) ||
      (remove.isPending && remove.variables?.id === team.id),
  };

  const data = overview.data;
  const teams = data?.teams ?? [];
  const notBooked = data?.counts.notBooked ?? 0;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          Teams
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: "add" })}
          >
            Add team
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => setDialog({ kind: "import" })}
          >
            Upload CSV
          </Button>
        </Stack>
      </Stack>
      {data ? (
        <>
          <Counts counts={data.counts} />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={stayToPlay.isPending ? Boolean(stayToPlay.variables) : data.stayToPlay}
                  disabled={stayToPlay.isPending}
                  onChange={(e) => stayToPlay.mutate(e.target.checked)}
                  slotProps={{ input: { "aria-describedby": switchHelpId } }}
                />
              }
              label="Stay-to-play"
            />
            <Typography id={switchHelpId} variant="body2" color="text.secondary">
              {STAY_TO_PLAY_TEXT}
            </Typography>
          </Box>
          {teams.length > 0 ? (
            <Box>
              <Button
                variant="outlined"
                startIcon={<MailIcon />}
                disabled={notBooked === 0 || remind.isPending}
                onClick={() => remind.mutate()}
              >
                {remind.isPending
                  ? "Sending reminders…"
                  : `Remind teams that have not booked (${notBooked})`}
              </Button>
            </Box>
          ) : null}
        </>
      ) : null}
      {shown ? <ShownLink shown={shown} onClose={() => setShown(null)} /> : null}
      {overview.isError && data ? (
        <RetryAlert onRetry={() => void overview.refetch()}>
          {apiErrorMessage(overview.error, "The teams did not refresh.")}
        </RetryAlert>
      ) : null}
      <QueryStates
        query={overview}
        isEmpty={teams.length === 0}
        loadingLabel="Loading the teams"
        failedTitle="The teams did not load"
        empty={{
          icon: <GroupsIcon />,
          title: NO_TEAMS,
          text: "Add them one by one or upload a CSV.",
        }}
      >
        {() =>
          phone ? (
            <TeamCards teams={teams} actions={actions} />
          ) : (
            <TeamsTable teams={teams} actions={actions} labelledBy={headingId} />
          )
        }
      </QueryStates>
      {dialog?.kind === "add" || dialog?.kind === "edit" ? (
        <TeamDialog
          eventId={eventId}
          team={dialog.kind === "edit" ? dialog.team : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "import" ? (
        <ImportTeamsDialog eventId={eventId} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
