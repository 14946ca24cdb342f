// The top of a listing page: header image, logo, name, kind and status, my like or follow with
// its count, a share link, and the manage menu (only what my entitlements allow).
import { MEDIA_BOXES } from "@hostfield/domain/reference";
import { abbreviateNumber } from "@hostfield/domain/rules";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import NotificationsNoneIcon from "@mui/icons-material/NotificationsNone";
import PlaceIcon from "@mui/icons-material/Place";
import ShareIcon from "@mui/icons-material/Share";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { useWhenAuthKnown } from "../../lib/auth";
import { mediaImage, mediaUrl } from "../../lib/media-url";
import { returnPathAfterSignIn } from "../../lib/sign-in-return";
import { EditorPart, ManageMenu } from "./lazy-editors";
import { reactionWords, type TKindConfig } from "./profile-kinds";
import type { TProfile } from "./profiles-api";
import type { useAbilities } from "./use-profiles";
import { useReaction } from "./use-profiles";

const ReactionSignInDialog = lazy(async () => ({
  default: (await import("./reaction-sign-in-dialog")).ReactionSignInDialog,
}));
const ShareDialog = lazy(async () => ({ default: (await import("./share-dialog")).ShareDialog }));

export const LINK_COPIED = "Link copied. Paste it anywhere to share this page.";

type TAbilities = ReturnType<typeof useAbilities>;

const LOGO = MEDIA_BOXES.logo.w;

export function cityLine(profile: TProfile): string | null {
  const a = profile.address;
  return a ? [a.city, a.state].filter(Boolean).join(", ") : null;
}

function ReactionButton({
  config,
  profile,
  abilities,
}: {
  config: TKindConfig;
  profile: TProfile;
  abilities: TAbilities;
}) {
  const reaction = useReaction(config.kind, profile.id);
  const location = useLocation();
  const [askSignIn, setAskSignIn] = useState(false);
  const words = reactionWords(config);
  const likes = config.reaction === "likes";
  const icon = reaction.active ? (
    likes ? (
      <FavoriteIcon />
    ) : (
      <NotificationsActiveIcon />
    )
  ) : likes ? (
    <FavoriteBorderIcon />
  ) : (
    <NotificationsNoneIcon />
  );
  const returnTo = returnPathAfterSignIn(location);
  const onClick = useWhenAuthKnown(() =>
    reaction.signedIn ? reaction.toggle() : setAskSignIn(true),
  );
  const countText = `${abbreviateNumber(reaction.count)} ${reaction.count === 1 ? words.one : words.count}`;
  // Signed in but not allowed (a listing still pending approval): the count alone.
  if (reaction.signedIn && abilities.isSuccess && !abilities.can("reactions.write")) {
    return (
      <Typography variant="body2" color="text.secondary">
        {countText}
      </Typography>
    );
  }
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Button
          variant={reaction.active ? "contained" : "outlined"}
          startIcon={icon}
          aria-pressed={reaction.active}
          disabled={reaction.isPending}
          onClick={onClick}
        >
          {reaction.active ? words.done : words.verb}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {countText}
        </Typography>
      </Stack>
      {reaction.error ? (
        <Alert severity="error" onClose={reaction.reset} sx={{ mt: 1 }}>
          {apiErrorMessage(reaction.error, "That did not work. Try again.")}
        </Alert>
      ) : null}
      {askSignIn ? (
        <Suspense fallback={null}>
          <ReactionSignInDialog
            title={`Sign in to ${words.verb.toLowerCase()} ${profile.name}`}
            reason={`Members ${likes ? "like" : "follow"} listings to keep them close and hear about their news. It is free.`}
            returnTo={returnTo}
            onClose={() => setAskSignIn(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ShareButton({ name }: { name: string }) {
  const { enqueueSnackbar } = useSnackbar();
  // The link to copy, once the clipboard refused it (read on click: the server has no address bar).
  const [fallback, setFallback] = useState<string | null>(null);
  const share = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(LINK_COPIED, { variant: "success" });
    } catch {
      // No clipboard (an insecure page, a refused permission): show the link to copy by hand.
      setFallback(url);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
        Share
      </Button>
      {fallback !== null ? (
        <Suspense fallback={null}>
          <ShareDialog name={name} url={fallback} onClose={() => setFallback(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function ProfileHeader({
  config,
  profile,
  abilities,
  onEdit,
  summary,
}: {
  config: TKindConfig;
  profile: TProfile;
  abilities: TAbilities;
  onEdit: () => void;
  /** A line under the place the kind adds (a facility's rating). */
  summary?: ReactNode;
}) {
  const { Icon } = config;
  const where = cityLine(profile);
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden", mb: 3 }}>
      <Box sx={{ height: { xs: 140, sm: 200, md: 260 }, bgcolor: "action.hover" }}>
        {profile.headerImage ? (
          <Box
            component="img"
            {...mediaImage(profile.headerImage, "header")}
            sizes="(min-width: 1200px) 1200px, 100vw"
            alt=""
            fetchPriority="high"
            sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{
              height: "100%",
              display: "grid",
              placeItems: "center",
              color: "primary.contrastText",
              background: (theme) =>
                `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
              "& svg": { fontSize: 72, opacity: 0.5 },
            }}
          >
            <Icon />
          </Box>
        )}
      </Box>
      <Stack
        direction={{ xs: "column", md: "row" }}
        spacing={2}
        sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 }, alignItems: { md: "flex-end" } }}
      >
        <Avatar
          variant="rounded"
          src={mediaUrl(profile.logo, "logo") ?? undefined}
          alt={profile.logo ? `${profile.name} logo` : undefined}
          sx={{
            width: { xs: 80, sm: LOGO },
            height: { xs: 80, sm: LOGO },
            mt: { xs: -5, sm: -7 },
            border: 4,
            borderColor: "background.paper",
            bgcolor: "background.paper",
            color: "primary.main",
            boxShadow: 1,
            "& svg": { fontSize: 48 },
            "& img": { objectFit: "contain" },
          }}
        >
          <Icon />
        </Avatar>
        <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Chip size="small" icon={<Icon />} label={config.label} />
            {profile.status === "pending" ? (
              <Chip size="small" color="warning" label="Pending approval" />
            ) : null}
            {profile.boosted ? (
              <Chip size="small" color="secondary" icon={<TrendingUpIcon />} label="Boosted" />
            ) : null}
            {profile.tier ? <Chip size="small" variant="outlined" label={profile.tier} /> : null}
          </Stack>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: 26, md: 34 }, overflowWrap: "anywhere" }}
          >
            {profile.name}
          </Typography>
          {where ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
              <PlaceIcon fontSize="small" color="action" aria-hidden />
              <Typography color="text.secondary">{where}</Typography>
            </Stack>
          ) : null}
          {summary}
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: "wrap", alignItems: "center" }}
          role="group"
          aria-label={`Actions for this ${config.label.toLowerCase()}`}
        >
          <ReactionButton config={config} profile={profile} abilities={abilities} />
          <ShareButton name={profile.name} />
          {abilities.can("profile.update") || abilities.can("profile.delete") ? (
            <EditorPart>
              <ManageMenu config={config} profile={profile} abilities={abilities} onEdit={onEdit} />
            </EditorPart>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
