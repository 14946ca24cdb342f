// Members for admins: search by name or e-mail, account type and role; grant or revoke the admin
// role; block (the server signs them out everywhere) or unblock. Filters live in the address.
import { ACCOUNT_TYPES, type TAccountType } from "@hostfield/domain/reference";
import { booleanCodec, enumCodec, stringCodec, type TQueryCodec } from "@hostfield/domain/rules";
import BlockIcon from "@mui/icons-material/Block";
import PersonSearchIcon from "@mui/icons-material/PersonSearch";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useMemo, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/date-format";
import { replaceCachedItem, useOffsetPages } from "../../lib/offset-pages";
import { useQueryParam } from "../../lib/query-params";
import { AdminTable, AdminTableRow } from "../../ui/admin-table";
import { useConfirm } from "../../ui/confirm";
import { SearchBar } from "../../ui/search-bar";
import { UserAvatar } from "../../ui/user-avatar";
import {
  adminKeys,
  listUsers,
  setUserAdmin,
  setUserBlocked,
  type TAdminUser,
  type TUserSearch,
} from "./admin-api";

/** How many members one "Load more" brings. */
export const USERS_PAGE_SIZE = 20;
export const USERS_EMPTY = "No members match";

const ANY_TYPE = "";
const accountTypeCodec = enumCodec(ACCOUNT_TYPES);
/** An account type, or "" for any. */
const accountTypeFilterCodec: TQueryCodec<TAccountType | ""> = {
  encode: (value) => (value ? accountTypeCodec.encode(value) : undefined),
  decode: (raw) => accountTypeCodec.decode(raw),
};

export function UsersPanel() {
  const [text, setText] = useQueryParam("q", stringCodec, "");
  const [accountType, setAccountType] = useQueryParam("type", accountTypeFilterCodec, ANY_TYPE);
  const [adminsOnly, setAdminsOnly] = useQueryParam("admins", booleanCodec, false);
  const [draft, setDraft] = useState(text);

  const filter = useMemo<TUserSearch>(
    () => ({
      ...(text ? { text } : {}),
      ...(accountType ? { accountType } : {}),
      ...(adminsOnly ? { isAdmin: true } : {}),
    }),
    [text, accountType, adminsOnly],
  );

  return (
    <Stack spacing={2}>
      <SearchBar
        ariaLabel="Find members"
        label="Name or e-mail"
        value={draft}
        onChange={setDraft}
        onSubmit={setText}
      >
        <TextField
          select
          size="small"
          label="Account type"
          value={accountType}
          onChange={(event) => setAccountType(event.target.value as TAccountType | "")}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 190 }}
        >
          <option value={ANY_TYPE}>Any type</option>
          {ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </TextField>
        <FormControlLabel
          label="Admins only"
          control={
            <Checkbox
              checked={adminsOnly}
              onChange={(event) => setAdminsOnly(event.target.checked)}
            />
          }
        />
      </SearchBar>
      <UserList key={JSON.stringify(filter)} filter={filter} />
    </Stack>
  );
}

function UserList({ filter }: { filter: TUserSearch }) {
  const queryKey = adminKeys.users(filter);
  const { query, items, count } = useOffsetPages({
    queryKey,
    load: (page, signal) => listUsers(filter, page, signal),
    pageSize: USERS_PAGE_SIZE,
  });

  return (
    <AdminTable
      label="Members"
      items={items}
      rowKey={(user) => user.id}
      load={{
        query,
        loadingLabel: "Loading members",
        skeleton: { height: 64 },
        failedTitle: "The members did not load",
        more: { failedText: "More members did not load." },
      }}
      empty={{
        icon: <PersonSearchIcon />,
        title: USERS_EMPTY,
        text: "Try another name, e-mail or filter.",
      }}
      summary={`Showing ${items.length} of ${count} ${count === 1 ? "member" : "members"}`}
      row={(user) => <UserRow user={user} queryKey={queryKey} />}
    />
  );
}

type TUserChange = { field: "isAdmin" | "isBlocked"; value: boolean };

function changedMessage(name: string, { field, value }: TUserChange): string {
  if (field === "isAdmin")
    return value ? `${name} is now an admin.` : `${name} is no longer an admin.`;
  return value ? `${name} is blocked and signed out everywhere.` : `${name} can sign in again.`;
}

function UserRow({ user, queryKey }: { user: TAdminUser; queryKey: QueryKey }) {
  const auth = useAuth();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const isMe = user.id === (auth.profile?.id ?? auth.user?.id);
  const blocked = user.isBlocked === true;

  const change = useMutation({
    mutationFn: ({ field, value }: TUserChange) =>
      field === "isAdmin" ? setUserAdmin(user.id, value) : setUserBlocked(user.id, value),
    onSuccess: (updated, asked) => {
      // Until every server reports isBlocked, what was asked for is what happened.
      const next: TAdminUser = {
        ...user,
        ...updated,
        [asked.field]: updated[asked.field] ?? asked.value,
      };
      replaceCachedItem(queryClient, queryKey, next);
      enqueueSnackbar(changedMessage(user.name, asked), { variant: "success" });
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, `${user.name} could not be changed. Try again.`), {
        variant: "error",
      }),
  });

  const toggleAdmin = async () => {
    const granting = !user.isAdmin;
    const result = await confirm(
      granting
        ? {
            title: `Make ${user.name} an admin?`,
            description:
              "Admins approve listings, manage members, read the mail outbox and switch maintenance mode.",
            confirmText: "Make admin",
          }
        : {
            title: `Revoke admin from ${user.name}?`,
            description: "They keep their account but lose access to the admin area.",
            confirmText: "Revoke admin",
            confirmButtonType: "danger",
          },
    );
    if (result === "confirmed") change.mutate({ field: "isAdmin", value: granting });
  };

  const toggleBlocked = async () => {
    if (blocked) {
      change.mutate({ field: "isBlocked", value: false });
      return;
    }
    const result = await confirm({
      title: `Block ${user.name}?`,
      description:
        "They are signed out everywhere at once and cannot sign in until you unblock them.",
      confirmText: "Block",
      confirmButtonType: "danger",
    });
    if (result === "confirmed") change.mutate({ field: "isBlocked", value: true });
  };

  const adminLabel = user.isAdmin ? "Revoke admin" : "Make admin";
  const blockLabel = blocked ? "Unblock" : "Block";
  const joined = formatDate(user.createdDate);

  return (
    <AdminTableRow
      label={user.name}
      actions={
        <>
          <Button
            size="small"
            variant="outlined"
            color={user.isAdmin ? "warning" : "primary"}
            // Nobody revokes their own admin role (the server refuses it too).
            disabled={change.isPending || (isMe && user.isAdmin)}
            aria-label={`${adminLabel}: ${user.name}`}
            onClick={() => void toggleAdmin()}
          >
            {adminLabel}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={blocked ? "primary" : "error"}
            disabled={change.isPending || isMe}
            aria-label={`${blockLabel}: ${user.name}`}
            onClick={() => void toggleBlocked()}
          >
            {blockLabel}
          </Button>
        </>
      }
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <UserAvatar name={user.name} src={user.avatarUrl} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {user.email}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: "wrap" }}>
            <Chip size="small" label={user.accountType} />
            {user.isAdmin ? <Chip size="small" color="primary" label="Admin" /> : null}
            {blocked ? (
              <Chip size="small" color="error" icon={<BlockIcon />} label="Blocked" />
            ) : null}
            {user.emailVerified ? null : (
              <Chip size="small" variant="outlined" label="E-mail not verified" />
            )}
            {isMe ? <Chip size="small" variant="outlined" label="You" /> : null}
            {joined ? (
              <Typography variant="caption" color="text.secondary" sx={{ alignSelf: "center" }}>
                Joined {joined}
              </Typography>
            ) : null}
          </Stack>
        </Box>
      </Stack>
    </AdminTableRow>
  );
}
