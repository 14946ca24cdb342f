// Passing on or assigning several Open leads of the pipeline at once: the toolbar that says how many
// are selected, and the change itself, one call per lead (there is no bulk move), then how many went
// through and why the first of the others did not.
import type { TLeadCard } from "@hostfield/domain/contracts";
import AssignmentIndIcon from "@mui/icons-material/AssignmentInd";
import BlockIcon from "@mui/icons-material/Block";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { movePatch } from "./lead-rules";
import { assignLead, leadKeys, patchLead } from "./leads-api";
import { plural } from "./request-format";

export type TBulk =
  | { kind: "pass"; reason: string | null }
  | { kind: "assign"; userId: string | null };

/** The change, lead by lead; `onDone` runs once it is through, before what it did is said. */
export function useBulkChange(onDone: () => void) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: async ({ action, targets }: { action: TBulk; targets: TLeadCard[] }) => {
      // One call per lead, one after the other: there is no bulk move.
      const failures: unknown[] = [];
      for (const lead of targets) {
        try {
          if (action.kind === "pass") {
            await patchLead(lead, movePatch("Passed", { reason: action.reason }));
          } else {
            await assignLead(lead, action.userId);
          }
        } catch (error) {
          failures.push(error);
        }
      }
      return { done: targets.length - failures.length, failures };
    },
    onSuccess: ({ done, failures }, { action }) => {
      onDone();
      const verb = action.kind === "pass" ? "Passed on" : "Assigned";
      if (done > 0) enqueueSnackbar(`${verb} ${plural(done, "lead")}.`, { variant: "success" });
      if (failures.length > 0) {
        enqueueSnackbar(
          `${plural(failures.length, "lead")} could not be changed: ${apiErrorMessage(failures[0], "try again")}`,
          { variant: "error" },
        );
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.boards }),
        queryClient.invalidateQueries({ queryKey: leadKeys.columnPages }),
        queryClient.invalidateQueries({ queryKey: ["leads", "stats"] }),
      ]),
  });
}

/** What is selected, and what to do with it. */
export function SelectionToolbar({
  count,
  busy,
  canAssign,
  onPass,
  onAssign,
  onClear,
}: {
  /** The open leads selected. */
  count: number;
  busy: boolean;
  canAssign: boolean;
  onPass: () => void;
  onAssign: () => void;
  onClear: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Selected leads"
      sx={{
        px: 1.5,
        py: 0.75,
        display: "flex",
        alignItems: "center",
        flexWrap: "wrap",
        gap: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: "auto" }}>
        {count > 0
          ? `${plural(count, "open lead")} selected`
          : "Select open leads to pass on or assign several at once."}
      </Typography>
      <Button
        size="small"
        startIcon={<BlockIcon />}
        disabled={count === 0 || busy}
        onClick={onPass}
      >
        Pass selected
      </Button>
      {/* Assigning picks among one venue's staff. */}
      {canAssign ? (
        <Button
          size="small"
          startIcon={<AssignmentIndIcon />}
          disabled={count === 0 || busy}
          onClick={onAssign}
        >
          Assign selected
        </Button>
      ) : null}
      <Button size="small" disabled={count === 0 || busy} onClick={onClear}>
        Clear selection
      </Button>
    </Paper>
  );
}
