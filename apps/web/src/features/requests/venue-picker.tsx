// Choosing the destinations and facilities a request goes to directly: search by name, add, remove.
import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { placeOf } from "./request-form";
import { requestKeys, searchVenues, type TVenue, type TVenueType } from "./requests-api";

/** The most targets one direct send takes (ZLeadBulk's limit). */
export const MAX_CHOSEN_VENUES = 200;

const VENUE_TYPES: readonly { value: TVenueType; label: string }[] = [
  { value: "Facility", label: "Facilities" },
  { value: "Destination", label: "Destinations" },
];

export function VenuePicker({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly TVenue[];
  onChange: (next: TVenue[]) => void;
  error?: string;
}) {
  const id = useId();
  const [ownerType, setOwnerType] = useState<TVenueType>("Facility");
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text.trim());
  const searching = deferred.length >= 2;
  const found = useQuery({
    queryKey: requestKeys.venues(ownerType, deferred),
    queryFn: ({ signal }) => searchVenues(ownerType, deferred, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const chosenIds = new Set(chosen.map((venue) => venue.id));
  const full = chosen.length >= MAX_CHOSEN_VENUES;
  const results = found.data ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          label="Look in"
          value={ownerType}
          onChange={(event) => setOwnerType(event.target.value as TVenueType)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          {VENUE_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </TextField>
        <TextField
          label="Venue name"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText="Type at least two letters of its name or city."
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { "aria-controls": `${id}-results` } }}
        />
      </Stack>
      <Stack id={`${id}-results`} aria-live="polite" aria-busy={found.isFetching}>
        {!searching ? null : found.isPending ? (
          <Stack spacing={1} role="status" aria-label="Searching">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        ) : found.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void found.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(found.error, "The search did not work. Try again.")}
          </Alert>
        ) : results.length === 0 ? (
          <Typography color="text.secondary" role="status">
            Nothing found with that name.
          </Typography>
        ) : (
          <List dense aria-label="Search results" disablePadding>
            {results.map((venue) => {
              const added = chosenIds.has(venue.id);
              return (
                <ListItem
                  key={venue.id}
                  divider
                  secondaryAction={
                    <Button
                      size="small"
                      startIcon={added ? null : <AddIcon />}
                      disabled={added || full}
                      aria-label={added ? `${venue.name} is added` : `Add ${venue.name}`}
                      onClick={() => onChange([...chosen, venue])}
                    >
                      {added ? "Added" : "Add"}
                    </Button>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={venue.name}
                    secondary={[venue.ownerType, placeOf(venue.address)]
                      .filter(Boolean)
                      .join(" · ")}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </Stack>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3" id={`${id}-chosen`}>
          Chosen venues ({chosen.length})
        </Typography>
        {chosen.length === 0 ? (
          <Typography color={error ? "error" : "text.secondary"} variant="body2">
            {error ?? "Add the destinations and facilities that should get this request."}
          </Typography>
        ) : (
          <List dense aria-labelledby={`${id}-chosen`} disablePadding>
            {chosen.map((venue) => (
              <ListItem
                key={venue.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${venue.name}`}
                    onClick={() => onChange(chosen.filter((v) => v.id !== venue.id))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={venue.name}
                  secondary={[venue.ownerType, placeOf(venue.address)].filter(Boolean).join(" · ")}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
