// The compare page's list of leads, grouped by venue: a table on wide screens (the actions column
// stays in view), cards on phones, and the skeleton while they load.
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { formatMiles, formatPrice, type TVenueGroup, type TVenueLead } from "../leads";
import {
  LeadActions,
  ProposalCell,
  ReasonsCell,
  ResponseCell,
  StatusCell,
  type THandlers,
  VenueCell,
} from "./proposal-cells";

const COLUMNS = [
  "Venue",
  "Status",
  "Proposal",
  "Price",
  "Distance",
  "Why it reached them",
  "Response",
  "Actions",
];

/**
 * Always in view: the last column sticks to the table's right edge while the rest scrolls under it.
 * That happens on narrower screens only: the columns' least widths (CELL_WIDTHS) and the table's
 * padding are chosen so the whole table fits the page's column from a laptop's 1366 px up, where
 * nothing may hide under this column.
 */
const STICKY_ACTIONS = {
  position: "sticky",
  right: 0,
  zIndex: 1,
  bgcolor: "background.paper",
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/** Each column's least width (px): with the cells' padding, 1,112 px, within the page's 1,152. */
const CELL_WIDTHS = {
  venue: 150,
  status: 100,
  proposal: 180,
  price: 80,
  distance: 56,
  reasons: 160,
  response: 110,
  actions: 148,
} as const;

/**
 * A lost lead's row reads quieter in the theme's secondary text colour (4.5:1 and more in both
 * modes); fading it with opacity took its text under that.
 */
const LOST_ROW = { "& > th, & > td": { color: "text.secondary" } } as const;

function LeadRow({ lead, proposes, reasons, ...handlers }: TVenueLead & THandlers) {
  return (
    <TableRow
      selected={lead.status === "Won"}
      sx={{ verticalAlign: "top", ...(lead.status === "Lost" ? LOST_ROW : null) }}
    >
      <TableCell component="th" scope="row" sx={{ minWidth: CELL_WIDTHS.venue }}>
        <VenueCell lead={lead} proposes={proposes} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.status }}>
        <StatusCell lead={lead} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.proposal }}>
        <ProposalCell lead={lead} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.price }}>
        {formatPrice(lead.proposal?.price, lead.proposal?.priceUnit) ?? "—"}
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.distance, whiteSpace: "nowrap" }}>
        {formatMiles(lead.distanceMiles) ?? "—"}
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.reasons }}>
        <ReasonsCell reasons={reasons} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.response }}>
        <ResponseCell lead={lead} />
      </TableCell>
      <TableCell sx={{ ...STICKY_ACTIONS, minWidth: CELL_WIDTHS.actions }}>
        <LeadActions lead={lead} {...handlers} />
      </TableCell>
    </TableRow>
  );
}

export function LeadTable({ groups, ...handlers }: { groups: TVenueGroup[] } & THandlers) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label="Proposals side by side"
        // Half the usual side padding (8 px a side), so the eight columns fit (CELL_WIDTHS).
        sx={{ "& th, & td": { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                scope="col"
                sx={{
                  fontWeight: 700,
                  whiteSpace: "nowrap",
                  ...(column === "Actions" ? STICKY_ACTIONS : null),
                }}
              >
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {/* One body per venue: its own lead, then the destinations that propose it. */}
        {groups.map((group) => (
          <TableBody key={group.key}>
            {group.leads.map((row) => (
              <LeadRow key={row.lead.id} {...row} {...handlers} />
            ))}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}

function CardFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

export function LeadCards({ groups, ...handlers }: { groups: TVenueGroup[] } & THandlers) {
  return (
    <Stack component="ul" spacing={2} aria-label="Proposals" sx={{ p: 0, m: 0, listStyle: "none" }}>
      {groups
        .flatMap((group) => group.leads)
        .map(({ lead, proposes, reasons }) => (
          <Card
            component="li"
            variant="outlined"
            key={lead.id}
            // A destination proposing the venue above sits close under it.
            sx={proposes ? { ml: 2, mt: "8px !important" } : undefined}
          >
            <CardContent>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: "space-between", alignItems: "flex-start", mb: 1.5 }}
              >
                <Box component="h2" sx={{ m: 0, fontSize: "1rem", minWidth: 0 }}>
                  <VenueCell lead={lead} proposes={proposes} />
                </Box>
                <StatusCell lead={lead} />
              </Stack>
              <ProposalCell lead={lead} />
              <Box
                component="dl"
                sx={{
                  mt: 1.5,
                  mb: 0,
                  display: "grid",
                  gridTemplateColumns: "max-content minmax(0, 1fr)",
                  columnGap: 2,
                  rowGap: 0.75,
                }}
              >
                <CardFact term="Price">
                  <Typography variant="body2">
                    {formatPrice(lead.proposal?.price, lead.proposal?.priceUnit) ?? "—"}
                  </Typography>
                </CardFact>
                <CardFact term="Distance">
                  <Typography variant="body2">{formatMiles(lead.distanceMiles) ?? "—"}</Typography>
                </CardFact>
                <CardFact term="Why">
                  <ReasonsCell reasons={reasons} />
                </CardFact>
                <CardFact term="Response">
                  <ResponseCell lead={lead} />
                </CardFact>
              </Box>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <LeadActions lead={lead} {...handlers} />
            </CardActions>
          </Card>
        ))}
    </Stack>
  );
}

export function LeadsSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading the proposals">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}
