// One search result: image, name (the link to the profile page), place, sports, key facts,
// distance, the "Sponsored" badge (only on a listing its boost placed at the head of the best
// match: at most 3 a page) and the like or follow button.
import { isShortlistKind } from "@hostfield/domain/reference";
import { offerLabel } from "@hostfield/domain/rules";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import PlaceOutlinedIcon from "@mui/icons-material/PlaceOutlined";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { memo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { mediaImage } from "../../lib/media-url";
import { SaveToShortlist } from "../shortlists";
import { cardFacts, distanceLabel, placeLabel, profilePath, sportsSummary } from "./card-display";
import type { TMarketplaceProfile } from "./marketplace-api";
import type { TMarketplaceKind } from "./marketplace-kinds";
import { getMarketplaceSection } from "./marketplace-sections";
import { ReactionButton } from "./reaction-button";

export const SPONSORED_LABEL = "Sponsored";

function CardImage({ kind, profile }: { kind: TMarketplaceKind; profile: TMarketplaceProfile }) {
  const [failed, setFailed] = useState(false);
  const logoOnly = !profile.headerImage && Boolean(profile.logo);
  // The card's picture is 16:9 at up to 384 px wide (the grid's widest column); a listing without
  // one shows its logo whole, centred in the box, not cropped.
  const image = mediaImage(profile.headerImage ?? profile.logo, logoOnly ? "logo" : "card");
  const { Icon } = getMarketplaceSection(kind.sectionId);
  return (
    <Box
      sx={(theme) => ({
        position: "relative",
        aspectRatio: "16 / 9",
        display: "grid",
        placeItems: "center",
        color: "primary.main",
        bgcolor: alpha(theme.palette.primary.main, 0.08),
        overflow: "hidden",
      })}
    >
      {image && !failed ? (
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          alt=""
          onError={() => setFailed(true)}
          sx={
            logoOnly
              ? { width: "40%", height: "auto", maxHeight: "70%", objectFit: "contain" }
              : {
                  position: "absolute",
                  inset: 0,
                  width: "100%",
                  height: "100%",
                  objectFit: "cover",
                }
          }
        />
      ) : (
        <Icon aria-hidden sx={{ fontSize: 48, opacity: 0.6 }} />
      )}
      {profile.sponsored ? (
        <Chip
          label={SPONSORED_LABEL}
          size="small"
          color="warning"
          sx={{ position: "absolute", top: 8, left: 8, fontWeight: 700 }}
        />
      ) : null}
    </Box>
  );
}

// Memoized: the list re-renders when sign-in settles or a page is added, and the cards already
// shown (same profile object, kept by the query cache) need not.
export const ResultCard = memo(function ResultCard({
  kind,
  profile,
  headingLevel = 3,
}: {
  kind: TMarketplaceKind;
  profile: TMarketplaceProfile;
  headingLevel?: 2 | 3;
}) {
  const place = placeLabel(profile.address);
  const sports = sportsSummary(profile.sports);
  const facts = cardFacts(profile);
  const distance = distanceLabel(profile.distanceMiles);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={profile.name}
      sx={{
        position: "relative",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        transition: "box-shadow 150ms, border-color 150ms",
        "&:hover, &:focus-within": { boxShadow: 4, borderColor: "primary.main" },
      }}
    >
      <CardImage kind={kind} profile={profile} />
      <Stack spacing={0.75} sx={{ p: 2, flexGrow: 1 }}>
        <Typography
          variant="h6"
          component={`h${headingLevel}`}
          sx={{ fontSize: 17, lineHeight: 1.3 }}
        >
          {/* The stretched link: the whole card opens the profile, the button stays its own. */}
          <Link
            component={RouterLink}
            to={profilePath(profile)}
            underline="hover"
            color="inherit"
            sx={{
              "&::after": {
                content: '""',
                position: "absolute",
                inset: 0,
                borderRadius: "inherit",
              },
              "&:focus-visible": { outline: "none" },
              "&:focus-visible::after": {
                outline: 2,
                outlineColor: "primary.main",
                outlineStyle: "solid",
              },
            }}
          >
            {profile.name}
          </Link>
        </Typography>
        {place || distance ? (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: "center", color: "text.secondary" }}
          >
            <PlaceOutlinedIcon aria-hidden sx={{ fontSize: 18 }} />
            <Typography variant="body2">{[place, distance].filter(Boolean).join(" · ")}</Typography>
          </Stack>
        ) : null}
        {sports ? (
          <Typography variant="body2" sx={{ fontWeight: 600, color: "primary.main" }}>
            {sports}
          </Typography>
        ) : null}
        {facts.length > 0 ? (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
            {facts.map((fact) => (
              <Typography key={fact} component="li" variant="body2" color="text.secondary">
                {fact}
              </Typography>
            ))}
          </Box>
        ) : null}
        {profile.featuredDeal ? (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: "center", color: "secondary.main" }}
          >
            <LocalOfferIcon aria-hidden sx={{ fontSize: 18 }} />
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
              {`Deal: ${offerLabel(profile.featuredDeal.offer)} · ${profile.featuredDeal.title}`}
            </Typography>
          </Stack>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2, justifyContent: "flex-end" }}>
        {isShortlistKind(kind.kind) ? (
          <SaveToShortlist kind={kind.kind} id={profile.id} name={profile.name} />
        ) : null}
        <ReactionButton kind={kind} profile={profile} />
      </Stack>
    </Card>
  );
});

export function ResultCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden sx={{ height: "100%" }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: "16 / 9", height: "auto" }} />
      <Stack spacing={1} sx={{ p: 2 }}>
        <Skeleton variant="text" width="70%" sx={{ fontSize: 20 }} />
        <Skeleton variant="text" width="45%" />
        <Skeleton variant="text" width="55%" />
      </Stack>
    </Card>
  );
}
