// Why a lead reached its venue, as compact chips that wrap, in the proposals list and in the
// columns alike. A long reason breaks onto a second line instead of being cut short: MUI's chip
// keeps its label on one line and ends it with an ellipsis, which hid most of a reason in a
// narrow cell.
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";

const WRAPPING_CHIP = {
  height: "auto",
  maxWidth: "100%",
  py: 0.25,
  "& .MuiChip-label": { whiteSpace: "normal", overflowWrap: "break-word" },
} as const;

/** The reasons as given (the caller drops repeats), a list named `label`. */
export function ReasonChips({ reasons, label }: { reasons: readonly string[]; label: string }) {
  return (
    <Stack
      component="ul"
      direction="row"
      useFlexGap
      aria-label={label}
      sx={{ flexWrap: "wrap", gap: 0.5, m: 0, p: 0, listStyle: "none", minWidth: 0 }}
    >
      {reasons.map((reason) => (
        <Chip
          component="li"
          key={reason}
          label={reason}
          size="small"
          variant="outlined"
          sx={WRAPPING_CHIP}
        />
      ))}
    </Stack>
  );
}
