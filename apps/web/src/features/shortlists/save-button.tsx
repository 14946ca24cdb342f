// "Save" on a facility's or destination's card, map window and page: a menu of my shortlists,
// each ticked when the listing is on it (choosing one adds or takes it off), and "New shortlist…".
// Signed out, it asks to sign in and comes back here.

import type { TShortlistKind } from "@hostfield/domain/reference";
import BookmarkIcon from "@mui/icons-material/Bookmark";
import BookmarkBorderIcon from "@mui/icons-material/BookmarkBorder";
import CheckIcon from "@mui/icons-material/Check";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { lazy, Suspense, useId, useState } from "react";
import { useLocation } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { useAuth, useWhenAuthKnown } from "../../lib/auth";
import { LazyMenu, preloadOverlays } from "../../ui/lazy-overlays";
import {
  addToShortlist,
  createShortlist,
  listMyShortlists,
  removeFromShortlist,
  shortlistKeys,
  type TShortlistSummary,
} from "./save-api";

export const SAVE_LABEL = "Save";

// The menu's and the naming dialog's code loads when first wanted, not with every card.
const loadNameDialog = () => import("./name-dialog");
const NameDialog = lazy(async () => ({ default: (await loadNameDialog()).NameDialog }));

const holds = (list: TShortlistSummary, id: string) => list.entries.some((e) => e.id === id);

export function SaveToShortlist({
  kind,
  id,
  name,
  size = "small",
}: {
  kind: TShortlistKind;
  id: string;
  name: string;
  size?: "small" | "medium";
}) {
  const auth = useAuth();
  const location = useLocation();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const mine = useQuery({
    queryKey: shortlistKeys.mine(),
    queryFn: ({ signal }) => listMyShortlists(signal),
    enabled: auth.isAuthenticated,
    staleTime: 30_000,
  });
  const lists = mine.data?.items ?? [];
  const saved = lists.some((list) => holds(list, id));

  const refresh = () => client.invalidateQueries({ queryKey: shortlistKeys.all });
  const toggle = useMutation({
    mutationFn: (list: TShortlistSummary) =>
      holds(list, id) ? removeFromShortlist(list.id, id) : addToShortlist(list.id, { kind, id }),
    onSuccess: (list) => {
      enqueueSnackbar(holds(list, id) ? `Saved to ${list.name}.` : `Taken off ${list.name}.`, {
        variant: "success",
      });
      void refresh();
    },
    onError: (error) => {
      enqueueSnackbar(apiErrorMessage(error, "The shortlist was not changed. Try again."), {
        variant: "error",
      });
      void refresh();
    },
  });

  // Enabled from the start, as the server paints it for a visitor; a click waits for sign-in.
  const open = useWhenAuthKnown((target: HTMLElement) => {
    if (!auth.isAuthenticated) {
      void auth.login({ returnTo: `${location.pathname}${location.search}` });
      return;
    }
    setAnchor(target);
  });
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        size={size}
        variant={saved ? "contained" : "outlined"}
        onClick={(event) => open(event.currentTarget)}
        onPointerEnter={preloadOverlays}
        onFocus={preloadOverlays}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`${SAVE_LABEL} ${name} to a shortlist${auth.isAuthenticated ? "" : " (sign in)"}`}
        startIcon={saved ? <BookmarkIcon /> : <BookmarkBorderIcon />}
        sx={{ position: "relative", zIndex: 1, minWidth: 0, whiteSpace: "nowrap" }}
      >
        {saved ? "Saved" : SAVE_LABEL}
      </Button>
      <LazyMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {mine.isPending ? <MenuItem disabled>Loading your shortlists…</MenuItem> : null}
        {mine.isError ? (
          <MenuItem onClick={() => void mine.refetch()}>
            Your shortlists did not load. Retry
          </MenuItem>
        ) : null}
        {lists.map((list) => {
          const on = holds(list, id);
          return (
            <MenuItem
              key={list.id}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(list)}
            >
              <ListItemIcon>{on ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={list.name} secondary={`${list.itemCount} saved`} />
            </MenuItem>
          );
        })}
        {lists.length > 0 ? <Divider /> : null}
        <MenuItem
          onPointerEnter={() => void loadNameDialog()}
          onClick={() => {
            close();
            setNaming(true);
          }}
        >
          <ListItemIcon>
            <PlaylistAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="New shortlist…" />
        </MenuItem>
      </LazyMenu>
      {naming ? (
        <Suspense fallback={null}>
          <NameDialog
            title={`Save ${name} to a new shortlist`}
            submitText="Create and save"
            save={async (listName) => {
              const list = await createShortlist(listName);
              return addToShortlist(list.id, { kind, id });
            }}
            onSaved={(list) => {
              setNaming(false);
              enqueueSnackbar(`Saved to ${list.name}.`, { variant: "success" });
              void refresh();
            }}
            onClose={() => setNaming(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
