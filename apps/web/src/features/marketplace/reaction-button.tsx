// Like or follow from a card. Signed out, it asks to sign in (and comes back to this search);
// signed in, it toggles at once and corrects itself from the server's reply.
import { formatCount } from "@hostfield/domain/rules";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import Button from "@mui/material/Button";
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useLocation } from "react-router";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import { useAuth, useWhenAuthKnown } from "../../lib/auth";
import {
  marketplaceKeys,
  reactionCount,
  setReaction,
  type TMarketplaceProfile,
} from "./marketplace-api";
import type { TMarketplaceKind } from "./marketplace-kinds";

type TPages = InfiniteData<TListResult<TMarketplaceProfile>>;

/** Writes a profile's reaction into every cached result list of its kind. */
function patchCachedProfile(
  client: QueryClient,
  kind: TMarketplaceKind,
  id: string,
  change: { mine: boolean; count?: number },
): void {
  client.setQueriesData<TPages>(
    { queryKey: [...marketplaceKeys.kind(kind.kind), "list"] },
    (data) => {
      if (!data?.pages) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => {
            if (item.id !== id) return item;
            const was = reactionCount(kind, item);
            const count =
              change.count ??
              Math.max(
                0,
                was + (change.mine === Boolean(item.myReaction) ? 0 : change.mine ? 1 : -1),
              );
            return {
              ...item,
              myReaction: change.mine,
              ...(kind.reaction === "likes" ? { likeCount: count } : { followerCount: count }),
            };
          }),
        })),
      };
    },
  );
}

export function ReactionButton({
  kind,
  profile,
}: {
  kind: TMarketplaceKind;
  profile: TMarketplaceProfile;
}) {
  const auth = useAuth();
  const location = useLocation();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const mine = Boolean(profile.myReaction);
  const count = reactionCount(kind, profile);
  const likes = kind.reaction === "likes";

  const toggle = useMutation({
    mutationFn: (on: boolean) => setReaction(kind, profile.id, on),
    onMutate: (on) => patchCachedProfile(client, kind, profile.id, { mine: on }),
    onSuccess: (reply, on) => {
      if (reply)
        patchCachedProfile(client, kind, profile.id, { mine: reply.mine, count: reply.count });
      else patchCachedProfile(client, kind, profile.id, { mine: on });
    },
    onError: (error, on) => {
      patchCachedProfile(client, kind, profile.id, { mine: !on });
      enqueueSnackbar(
        apiErrorMessage(error, `Your ${likes ? "like" : "follow"} could not be saved. Try again.`),
        { variant: "error" },
      );
    },
  });

  const onClick = useWhenAuthKnown(() => {
    if (!auth.isAuthenticated) {
      void auth.login({ returnTo: `${location.pathname}${location.search}` });
      return;
    }
    // Kept enabled while saving (a disabled button drops the keyboard focus); a second press waits.
    if (!toggle.isPending) toggle.mutate(!mine);
  });

  const verb = likes ? (mine ? "Liked" : "Like") : mine ? "Following" : "Follow";
  const signedOutHint = auth.isAuthenticated ? "" : " (sign in)";
  const visible = `${verb}${count > 0 ? ` · ${formatCount(count)}` : ""}`;
  return (
    <Button
      size="small"
      variant={mine ? "contained" : "outlined"}
      color={likes ? "error" : "primary"}
      onClick={onClick}
      aria-pressed={auth.isAuthenticated ? mine : undefined}
      // The visible text first, then whose it is: a speech user says what they see.
      aria-label={`${visible}, ${profile.name}${signedOutHint}`}
      startIcon={likes ? mine ? <FavoriteIcon /> : <FavoriteBorderIcon /> : undefined}
      sx={{ position: "relative", zIndex: 1, minWidth: 0, whiteSpace: "nowrap" }}
    >
      {visible}
    </Button>
  );
}
