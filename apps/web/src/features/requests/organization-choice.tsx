// The wizard's "Organization" input: the event goes under one of my organizations, a new one made
// with it, or none. My organizations load here; the new one is made when the request is sent.
import { ZProfileWritable } from "@hostfield/domain/contracts";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { listMyOrganizations, requestKeys, type TMyOrganization } from "./requests-api";

export type TOrganizationPick =
  | { kind: "none" }
  | { kind: "mine"; id: string; name: string }
  | { kind: "new"; name: string };

export const NO_ORGANIZATION: TOrganizationPick = { kind: "none" };

const NONE = "";
const NEW = "new";

/** Why the pick cannot be used (a new organization needs a name), or null. */
export function organizationError(pick: TOrganizationPick): string | null {
  if (pick.kind !== "new") return null;
  const parsed = ZProfileWritable.shape.name.safeParse(pick.name);
  if (parsed.success) return null;
  return pick.name.trim() === ""
    ? "Give the new organization a name."
    : "An organization's name is 200 characters at most.";
}

const optionLabel = (organization: TMyOrganization) =>
  organization.status === "pending"
    ? `${organization.name} (waiting for approval)`
    : organization.name;

export function OrganizationChoice({
  value,
  error,
  onChange,
}: {
  value: TOrganizationPick;
  error?: string;
  onChange: (pick: TOrganizationPick) => void;
}) {
  const mine = useQuery({
    queryKey: requestKeys.myOrganizations,
    queryFn: ({ signal }) => listMyOrganizations(signal),
  });
  const organizations = mine.data ?? [];
  const selected = value.kind === "mine" ? value.id : value.kind === "new" ? NEW : NONE;
  const choose = (chosen: string) => {
    if (chosen === NONE) onChange(NO_ORGANIZATION);
    else if (chosen === NEW) onChange({ kind: "new", name: "" });
    else {
      const organization = organizations.find((o) => o.id === chosen);
      if (organization) onChange({ kind: "mine", id: organization.id, name: organization.name });
    }
  };
  const helper = mine.isPending
    ? "Loading your organizations…"
    : mine.isError
      ? "Your organizations could not be loaded; you can still make a new one."
      : "Its people can follow the request with you; venues see who is asking.";
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Organization"
        value={selected}
        onChange={(event) => choose(event.target.value)}
        helperText={helper}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value={NONE}>None: the event is mine alone</option>
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {optionLabel(organization)}
          </option>
        ))}
        <option value={NEW}>A new organization…</option>
      </TextField>
      {value.kind === "new" ? (
        <TextField
          label="Name of the new organization"
          required
          value={value.name}
          onChange={(event) => onChange({ kind: "new", name: event.target.value })}
          error={Boolean(error)}
          helperText={
            error ?? "It is made with the request and waits for approval like any listing."
          }
          fullWidth
        />
      ) : null}
    </Stack>
  );
}
