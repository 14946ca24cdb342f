// One row of a list that opens in place: a bold title with a secondary line below it, and a body
// that renders only while the row is open (a list of long bodies, or of bodies that load, stays
// light). Rows stacked in one box share their borders.
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

export function AccordionRow({
  title,
  secondary,
  extra,
  children,
}: {
  /** The row's name, in bold. */
  title: ReactNode;
  /** The line under the title, in secondary text. */
  secondary: ReactNode;
  /** More of the summary under the secondary line (chips, say). */
  extra?: ReactNode;
  /** The body: mounted when the row opens, unmounted when it closes. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ "&:not(:last-of-type)": { borderBottom: 0 } }}
    >
      {/* MUI gives the region around the body `aria-controls` as its id, named by the summary. */}
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${id}-summary`}
        aria-controls={`${id}-body`}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="span"
            sx={{ display: "block", fontWeight: 600, overflowWrap: "anywhere" }}
          >
            {title}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: "block", overflowWrap: "anywhere" }}
          >
            {secondary}
          </Typography>
          {extra}
        </Box>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
