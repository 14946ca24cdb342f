// The editor's choice of the listings a story is about: the destinations, facilities and
// organizations the author manages (the server's rule: a manager's story names at least one of
// them; admins may name none), found by typing part of a name, chosen ones shown as chips. A
// listing the story names already that is not among them (another's listed one) stays chosen.
import { KINDS } from "@hostfield/domain/kinds";
import type { TProfileKind } from "@hostfield/domain/reference";
import Autocomplete from "@mui/material/Autocomplete";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import { RetryAlert } from "../../ui/query-states";
import { fetchWritableListings, storyKeys } from "./stories-api";

/** A listing the story is about; its kind when the editor knows it. */
export type TListingChip = { id: string; name: string; kind?: TProfileKind };

export const LISTINGS_LABEL = "About these listings";
export const NO_LISTINGS_TO_PICK =
  "You manage no destination, facility or organization yet: a story is about one of yours.";

export function StoryListingsField({
  value,
  onChange,
  required,
  error,
}: {
  value: readonly TListingChip[];
  onChange: (next: TListingChip[]) => void;
  /** Whether at least one must be chosen (everyone but admins). */
  required: boolean;
  /** Why the chosen ones were refused, if they were. */
  error?: string;
}) {
  const listings = useQuery({
    queryKey: storyKeys.listings,
    queryFn: ({ signal }) => fetchWritableListings(signal),
  });
  const options: TListingChip[] = (listings.data?.items ?? []).map(({ id, name, kind }) => ({
    id,
    name,
    kind,
  }));
  const none = listings.isSuccess && options.length === 0;
  return (
    <Stack spacing={1}>
      {listings.isError ? (
        <RetryAlert onRetry={() => listings.refetch()}>
          {apiErrorMessage(listings.error, "Your listings could not be loaded.")}
        </RetryAlert>
      ) : null}
      <Autocomplete
        multiple
        options={options}
        value={[...value]}
        onChange={(_event, next) => onChange(next)}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={listings.isPending}
        loadingText="Loading your listings…"
        noOptionsText={none ? NO_LISTINGS_TO_PICK : "None of your listings has that name"}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              <Stack>
                <Typography variant="body2">{option.name}</Typography>
                {option.kind ? (
                  <Typography variant="caption" color="text.secondary">
                    {KINDS[option.kind].label}
                  </Typography>
                ) : null}
              </Stack>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={LISTINGS_LABEL}
            required={required}
            error={Boolean(error)}
            helperText={
              error ??
              (none && required
                ? NO_LISTINGS_TO_PICK
                : "Type part of a name to find one of your destinations, facilities or organizations")
            }
          />
        )}
      />
    </Stack>
  );
}
