// A shortlist's listings side by side: one column per listing on a wide screen (the table scrolls
// sideways inside its own box), one card per listing on a phone. Facts the server did not know
// read "—"; a listing no longer public says so.
import type { TShortlistRow } from "@hostfield/domain/contracts";
import { formatCount, profileLink } from "@hostfield/domain/rules";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { mediaImage } from "../../lib/media-url";
import { useSmallScreen } from "../../ui/use-small-screen";

const NONE = "—";
const KIND_LABEL = { facility: "Facility", destination: "Destination" } as const;

/** "3 h", "45 min", "2 days": how long a venue takes to answer, by its median. */
export function formatResponse(hours: number | null): string {
  if (hours === null) return "No answers yet";
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

/** The facts compared, in the order they are shown. */
export const COMPARED: readonly { label: string; value: (row: TShortlistRow) => string }[] = [
  { label: "Kind", value: (row) => KIND_LABEL[row.kind] },
  {
    label: "Place",
    value: (row) => [row.city, row.state].filter(Boolean).join(", ") || NONE,
  },
  { label: "Sports", value: (row) => (row.sports.length ? row.sports.join(", ") : NONE) },
  { label: "Spaces", value: (row) => (row.spaceCount ? formatCount(row.spaceCount) : NONE) },
  {
    label: "Capacity",
    value: (row) => (row.capacity === null ? NONE : `${formatCount(row.capacity)} people`),
  },
  {
    label: "Distance",
    value: (row) => (row.distanceMiles === null ? NONE : `${row.distanceMiles} mi`),
  },
  { label: "Response time", value: (row) => formatResponse(row.responseHours) },
];

const nameOf = (row: TShortlistRow) => row.name ?? "No longer listed";

function Picture({ row }: { row: TShortlistRow }) {
  const image = mediaImage(row.image, "card");
  return (
    <Box
      sx={{ aspectRatio: "16 / 9", bgcolor: "action.hover", borderRadius: 1, overflow: "hidden" }}
    >
      {image ? (
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet}
          alt=""
          loading="lazy"
          sx={{ display: "block", width: "100%", height: "100%", objectFit: "cover" }}
        />
      ) : null}
    </Box>
  );
}

function Name({ row }: { row: TShortlistRow }) {
  if (!row.listed) {
    return (
      <Typography variant="subtitle2" color="text.secondary">
        {nameOf(row)}
      </Typography>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={profileLink(row.kind, row.id)}
      variant="subtitle2"
      sx={{ fontWeight: 700 }}
    >
      {nameOf(row)}
    </Link>
  );
}

function RemoveButton({
  row,
  onRemove,
}: {
  row: TShortlistRow;
  onRemove: (row: TShortlistRow) => void;
}) {
  return (
    <IconButton size="small" aria-label={`Remove ${nameOf(row)}`} onClick={() => onRemove(row)}>
      <DeleteOutlinedIcon fontSize="small" />
    </IconButton>
  );
}

export function CompareView({
  rows,
  onRemove,
}: {
  rows: readonly TShortlistRow[];
  /** Offered to the owner only. */
  onRemove?: (row: TShortlistRow) => void;
}) {
  const small = useSmallScreen();
  if (small) {
    return (
      <Stack spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: "none" }}>
        {rows.map((row) => (
          <Card key={row.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1}>
              <Picture row={row} />
              <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
                <Name row={row} />
                {onRemove ? <RemoveButton row={row} onRemove={onRemove} /> : null}
              </Stack>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: "grid",
                  gridTemplateColumns: "auto 1fr",
                  gap: 0.5,
                  columnGap: 2,
                }}
              >
                {COMPARED.map((fact) => (
                  <Box key={fact.label} sx={{ display: "contents" }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {fact.label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, overflowWrap: "anywhere" }}
                    >
                      {fact.value(row)}
                    </Typography>
                  </Box>
                ))}
                {row.note ? (
                  <>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      Note
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {row.note}
                    </Typography>
                  </>
                ) : null}
              </Box>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer
      component={Card}
      variant="outlined"
      sx={{ overflowX: "auto" }}
      tabIndex={0}
      aria-label="Comparison, scrolls sideways"
    >
      <Table size="small" aria-label="Shortlisted venues compared">
        <TableHead>
          <TableRow>
            <TableCell component="td" sx={{ width: 140 }} />
            {rows.map((row) => (
              <TableCell key={row.id} scope="col" sx={{ minWidth: 200, verticalAlign: "top" }}>
                <Stack spacing={1}>
                  <Picture row={row} />
                  <Stack
                    direction="row"
                    sx={{ alignItems: "center", justifyContent: "space-between" }}
                  >
                    <Name row={row} />
                    {onRemove ? <RemoveButton row={row} onRemove={onRemove} /> : null}
                  </Stack>
                </Stack>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {COMPARED.map((fact) => (
            <TableRow key={fact.label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {fact.label}
              </TableCell>
              {rows.map((row) => (
                <TableCell key={row.id}>{fact.value(row)}</TableCell>
              ))}
            </TableRow>
          ))}
          {rows.some((row) => row.note) ? (
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                Note
              </TableCell>
              {rows.map((row) => (
                <TableCell key={row.id}>{row.note ?? ""}</TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
