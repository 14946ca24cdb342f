// /states/{state}: a landing state's page (spec §9): its header, its featured video (offered,
// never loaded until asked), its top destinations and facilities and its upcoming events, with
// links to the marketplaces narrowed to the state.
import type { TLandingState } from "@hostfield/domain/contracts";
import { landingStateBySlug, STATE_NAMES } from "@hostfield/domain/reference";
import { encodeQuery, enumArrayCodec, formatTotal } from "@hostfield/domain/rules";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import MapIcon from "@mui/icons-material/Map";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import StadiumIcon from "@mui/icons-material/Stadium";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useDocumentTitle } from "../../ui/document-title";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { PageSection } from "../../ui/page-section";
import { LoadFailedPanel } from "../../ui/query-states";
import { PlaceCards } from "./place-cards";
import { fetchStatePage, placesKeys, type TPlaceCard } from "./places-api";

export const STATE_NOT_FOUND_TITLE = "We have no page for this state";

const STATE_CODECS = { states: enumArrayCodec(STATE_NAMES) };

/** The marketplace at `path` narrowed to the state (the marketplaces' own `states` parameter). */
const marketplaceOf = (path: string, state: (typeof STATE_NAMES)[number]) =>
  `${path}?${new URLSearchParams(encodeQuery({ states: [state] }, STATE_CODECS)).toString()}`;

function StateHeader({ state }: { state: TLandingState }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <Paper
      variant="outlined"
      sx={(theme) => ({
        position: "relative",
        overflow: "hidden",
        color: "common.white",
        // The colour band stays when the picture cannot be had.
        background: `linear-gradient(135deg, ${theme.palette.primary.dark}, ${theme.palette.secondary.dark})`,
        minHeight: { xs: 140, sm: 200 },
        display: "flex",
        alignItems: "flex-end",
      })}
    >
      {imageFailed ? null : (
        <Box
          component="img"
          src={state.headerImage}
          alt=""
          width={1200}
          height={300}
          onError={() => setImageFailed(true)}
          sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover" }}
        />
      )}
      <Box
        sx={{
          position: "relative",
          width: "100%",
          p: { xs: 2, sm: 3 },
          background: "linear-gradient(transparent, rgba(0,0,0,0.7))",
        }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 0.5 }}>
          <Chip label={state.region} size="small" sx={{ bgcolor: "rgba(255,255,255,0.85)" }} />
          {state.featured ? <Chip label="Featured" size="small" color="warning" /> : null}
        </Stack>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, overflowWrap: "anywhere" }}>
          {state.name}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The state's video: a link until asked for, so nothing is fetched from elsewhere on its own. */
function FeaturedVideo({ state }: { state: TLandingState }) {
  const [playing, setPlaying] = useState(false);
  if (!state.featuredVideo) return null;
  return (
    <PageSection title={`${state.name} in motion`}>
      {playing ? (
        <Box
          component="video"
          src={state.featuredVideo}
          controls
          autoPlay
          preload="none"
          aria-label={`${state.name} video`}
          sx={{ width: "100%", borderRadius: 1, bgcolor: "common.black" }}
        />
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button
            variant="contained"
            startIcon={<OndemandVideoIcon />}
            onClick={() => setPlaying(true)}
          >
            Play the {state.name} video
          </Button>
          <Button href={state.featuredVideo} target="_blank" rel="noopener noreferrer">
            Open it in a new tab
          </Button>
        </Stack>
      )}
    </PageSection>
  );
}

function TopList({
  title,
  page,
  empty,
  emptyIcon,
  more,
}: {
  title: string;
  page: { items: TPlaceCard[]; count: number; capped?: boolean };
  empty: string;
  emptyIcon: ReactNode;
  more: { to: string; label: string };
}) {
  return (
    <PageSection title={`${title} (${formatTotal(page)})`}>
      {page.items.length === 0 ? (
        <Stack direction="row" spacing={1} sx={{ color: "text.secondary", alignItems: "center" }}>
          {emptyIcon}
          <Typography>{empty}</Typography>
        </Stack>
      ) : (
        <PlaceCards items={page.items} />
      )}
      {page.count > page.items.length ? (
        <Button component={RouterLink} to={more.to} sx={{ mt: 1 }}>
          {more.label}
        </Button>
      ) : null}
    </PageSection>
  );
}

function StateSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Loading the state">
      <Skeleton variant="rounded" sx={{ height: { xs: 140, sm: 200 } }} />
      <Grid container spacing={3}>
        {[0, 1, 2].map((n) => (
          <Grid key={n} size={{ xs: 12, md: 4 }}>
            <Skeleton variant="rounded" height={240} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

export function StatePage() {
  const slug = useParams().state ?? "";
  const known = landingStateBySlug(slug);
  const page = useQuery({
    queryKey: placesKeys.state(slug),
    queryFn: ({ signal }) => fetchStatePage(slug, signal),
    enabled: Boolean(known),
  });
  useDocumentTitle(known?.name ?? "State not found", {
    description: known
      ? `Sports destinations, facilities and events in ${known.name}: where to host your next event.`
      : null,
    image: known?.headerImage,
  });
  const missing = !known || (page.error instanceof ApiError && page.error.status === 404);
  if (missing) {
    return (
      <PageFrame title="State not found">
        <NoticePanel
          role="alert"
          icon={<SearchOffIcon />}
          title={STATE_NOT_FOUND_TITLE}
          actions={
            <Button component={RouterLink} to="/destinations/marketplace" variant="contained">
              Browse destinations
            </Button>
          }
        >
          State pages exist for the states we feature; the marketplaces cover every state.
        </NoticePanel>
      </PageFrame>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {page.data ? (
        <Stack spacing={3}>
          <StateHeader state={page.data.state} />
          <FeaturedVideo state={page.data.state} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
              <TopList
                title="Top destinations"
                page={page.data.destinations}
                empty={`No destinations in ${known.name} are listed yet.`}
                emptyIcon={<MapIcon />}
                more={{
                  to: marketplaceOf("/destinations/marketplace", known.name),
                  label: `All destinations in ${known.name}`,
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
              <TopList
                title="Facilities"
                page={page.data.facilities}
                empty={`No facilities in ${known.name} are listed yet.`}
                emptyIcon={<StadiumIcon />}
                more={{
                  to: marketplaceOf("/facilities/marketplace", known.name),
                  label: `All facilities in ${known.name}`,
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
              <TopList
                title="Upcoming events"
                page={page.data.events}
                empty={`No upcoming events in ${known.name} are listed.`}
                emptyIcon={<EventBusyIcon />}
                more={{
                  to: marketplaceOf("/events/marketplace", known.name),
                  label: `All events in ${known.name}`,
                }}
              />
            </Grid>
          </Grid>
        </Stack>
      ) : page.isError ? (
        <LoadFailedPanel
          title={`${known.name} did not load`}
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <StateSkeleton />
      )}
    </Container>
  );
}
