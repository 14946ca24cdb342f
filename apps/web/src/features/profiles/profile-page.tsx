// The page of one listing, for all seven kinds: one frame, with the sections the kind table
// switches on. Loading shows a skeleton, a missing listing a 404 panel, a failure a retry.

import type { TTieredKind } from "@hostfield/domain/contracts";
import { DESTINATION_AROUND, type TProfileKind } from "@hostfield/domain/reference";
import { isVenueKind } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { mediaUrl } from "../../lib/media-url";
import { useTrackView } from "../../lib/tracking";
import { useDocumentTitle } from "../../ui/document-title";
import { ListingNotFound } from "../../ui/listing-not-found";
import { PageFrame } from "../../ui/page-frame";
import { WhenNearSection } from "../../ui/when-near";
import { TourGuideSection } from "../assistant";
import { RatingSummary } from "../reviews";
import { NamedChildSection, SpaceTypesSection } from "./child-sections";
import { EventRequestActions } from "./event-request-actions";
import {
  BoostsSection,
  EditorPart,
  MembershipSection,
  MembersSection,
  ProfileEditForm,
} from "./lazy-editors";
import { ProfileHeader } from "./profile-header";
import { kindConfig, type TKindConfig } from "./profile-kinds";
import {
  AboutSection,
  ContactSection,
  FactsSection,
  LocationSection,
  PendingBanner,
} from "./profile-sections";
import type { TProfile } from "./profiles-api";
import { FacilityDestinationsSection, OrganizerSection, PartnersSection } from "./related-sections";
import { isListingId, useAbilities, useProfile, useProfileChild } from "./use-profiles";
import { VenueActions } from "./venue-actions";

// An organization's events calendar loads only on organization pages.
const EventsCalendar = lazy(async () => ({
  default: (await import("./events-calendar")).EventsCalendar,
}));

// An event's deal (the award, with the lead views and stays it reads) loads only on event pages,
// and only for someone signed in: it shows nothing to anyone else (event-deal.tsx).
const EventDeal = lazy(async () => ({ default: (await import("./event-deal")).EventDeal }));

// An event's hotels (the stays feature) load only on event pages.
const EventHotelsSection = lazy(async () => ({
  default: (await import("../stays")).EventHotelsSection,
}));

// A venue's calendar (the availability feature) loads on facility and destination pages only.
const AvailabilitySection = lazy(async () => ({
  default: (await import("../availability")).AvailabilitySection,
}));

// A business's deals and an event's deals nearby (the promotions feature) load on those pages only,
// each from its own module: through the feature's index, an event page would load the business's
// editor too (its form dialog and inputs).
const BusinessPromotionsSection = lazy(async () => ({
  default: (await import("../promotions/business-promotions-section")).BusinessPromotionsSection,
}));
const EventDealsSection = lazy(async () => ({
  default: (await import("../promotions/event-deals-section")).EventDealsSection,
}));

// The sections below a visitor's first view load once their place comes on screen (WhenNearSection),
// each from its own module: a listing's images and documents, the places around a destination and a
// facility's reviews. A listing's sports, spaces and amenities and the side column stay in the
// first view's paint: they are what a planner looks for first, and on a wide screen they show.
const MediaSection = lazy(async () => ({
  default: (await import("./media-section")).MediaSection,
}));
const DestinationAroundSection = lazy(async () => ({
  default: (await import("../places/destination-around")).DestinationAroundSection,
}));
const FacilityReviewsSection = lazy(async () => ({
  default: (await import("../reviews/facility-reviews-section")).FacilityReviewsSection,
}));

/**
 * A venue's calendar; a facility's names its space types (the query the space types section reads,
 * so one call) to mark and show some of their spaces.
 */
function VenueCalendar({
  config,
  profile,
  canEdit,
}: {
  config: TKindConfig;
  profile: TProfile;
  canEdit: boolean;
}) {
  const facility = config.kind === "facility";
  const spaces = useProfileChild(config.kind, profile.id, "spaceTypes", facility);
  return (
    <AvailabilitySection
      kind={facility ? "facility" : "destination"}
      profileId={profile.id}
      canEdit={canEdit}
      spaces={facility ? { items: spaces.data?.items ?? [], status: spaces.status } : undefined}
    />
  );
}

/** The event's deal, for organizers and whoever is signed in; a visitor's page loads none of it. */
function DealForViewer({ eventId, canOrganize }: { eventId: string; canOrganize: boolean }) {
  const { user } = useAuth();
  if (!canOrganize && !user) return null;
  return (
    <Suspense fallback={null}>
      <EventDeal eventId={eventId} canOrganize={canOrganize} />
    </Suspense>
  );
}

type TAbilities = ReturnType<typeof useAbilities>;
type TSectionProps = { config: TKindConfig; profile: TProfile; abilities: TAbilities };
type TSection = {
  id: string;
  /** The section's address on the page (`/facilities/{id}#images`: the home checklist's links). */
  anchor?: boolean;
  applies: (config: TKindConfig, abilities: TAbilities) => boolean;
  Component: ComponentType<TSectionProps>;
};

const has = (segment: TKindConfig["children"][number]) => (config: TKindConfig) =>
  config.children.includes(segment);
const canEdit = (a: TAbilities) => a.can("profile.update");
/** The kinds with a tier (the contracts' TIERED_KINDS, spelled out: a visitor's page loads no zod). */
const TIERED: readonly TTieredKind[] = ["destination", "facility", "business"];
const isTieredKind = (kind: string): kind is TTieredKind =>
  (TIERED as readonly string[]).includes(kind);

/** The main column, top to bottom; a section shows when its kind has it. */
const MAIN_SECTIONS: readonly TSection[] = [
  {
    id: "about",
    anchor: true,
    applies: () => true,
    Component: ({ profile }) => <AboutSection profile={profile} />,
  },
  {
    // Once awarded, the deal for the organizers and the winning venue's people (nothing for
    // others): it waits for the viewer's abilities, which say whose leads it may list.
    id: "deal",
    applies: (c, a) => c.kind === "event" && !a.isPending,
    Component: ({ profile, abilities }) => (
      <DealForViewer eventId={profile.id} canOrganize={canEdit(abilities)} />
    ),
  },
  {
    id: "facts",
    applies: () => true,
    Component: ({ config, profile }) => <FactsSection config={config} profile={profile} />,
  },
  {
    // The hotel service's stays for the event, with its share link `/events/{id}#hotels`. Below a
    // visitor's first view: it loads once its place shows on screen (ui/when-near), as do the
    // deals nearby and a venue's calendar.
    id: "hotels",
    applies: (c) => c.kind === "event",
    Component: ({ profile }) => (
      <WhenNearSection label="Loading the hotels" height={240}>
        <EventHotelsSection eventId={profile.id} />
      </WhenNearSection>
    ),
  },
  {
    // Promotions valid during the event at businesses near its venue (`/events/{id}#deals`).
    id: "deals",
    anchor: true,
    applies: (c) => c.kind === "event",
    Component: ({ profile }) => (
      <WhenNearSection label="Loading the deals" height={160}>
        <EventDealsSection eventId={profile.id} />
      </WhenNearSection>
    ),
  },
  {
    // The business's promotions, managed here by its managers (`/businesses/{id}#deals`).
    id: "deals",
    anchor: true,
    applies: (c) => c.kind === "business",
    Component: ({ profile, abilities }) => (
      <Suspense fallback={null}>
        <BusinessPromotionsSection businessId={profile.id} canEdit={canEdit(abilities)} />
      </Suspense>
    ),
  },
  {
    id: "sports",
    applies: has("sports"),
    Component: ({ config, profile, abilities }) => (
      <NamedChildSection
        config={config}
        profile={profile}
        canEdit={canEdit(abilities)}
        segment="sports"
      />
    ),
  },
  {
    id: "spaceTypes",
    anchor: true,
    applies: has("spaceTypes"),
    Component: ({ config, profile, abilities }) => (
      <SpaceTypesSection config={config} profile={profile} canEdit={canEdit(abilities)} />
    ),
  },
  {
    // When the venue is free, booked or wants to fill days (`/facilities/{id}#availability`).
    id: "availability",
    anchor: true,
    applies: (c) => c.kind === "facility" || c.kind === "destination",
    Component: ({ config, profile, abilities }) => (
      <WhenNearSection label="Loading the calendar" height={220}>
        <VenueCalendar config={config} profile={profile} canEdit={canEdit(abilities)} />
      </WhenNearSection>
    ),
  },
  {
    id: "amenities",
    anchor: true,
    applies: has("amenities"),
    Component: ({ config, profile, abilities }) => (
      <NamedChildSection
        config={config}
        profile={profile}
        canEdit={canEdit(abilities)}
        segment="amenities"
      />
    ),
  },
  {
    id: "images",
    anchor: true,
    applies: has("images"),
    Component: ({ config, profile, abilities }) => (
      <WhenNearSection label="Loading the images" height={200}>
        <MediaSection
          config={config}
          profile={profile}
          segment="images"
          canWrite={abilities.can("media.write")}
          canSetImages={canEdit(abilities)}
        />
      </WhenNearSection>
    ),
  },
  {
    id: "documents",
    applies: has("documents"),
    Component: ({ config, profile, abilities }) => (
      <WhenNearSection label="Loading the documents" height={120}>
        <MediaSection
          config={config}
          profile={profile}
          segment="documents"
          canWrite={abilities.can("media.write")}
          canSetImages={false}
        />
      </WhenNearSection>
    ),
  },
  ...DESTINATION_AROUND.map(
    (section): TSection => ({
      // What is around a destination: its facilities, the hotels and upcoming events near it.
      id: `around-${section}`,
      applies: (c) => c.kind === "destination",
      Component: ({ profile }) => (
        <WhenNearSection label="Loading what is around" height={240}>
          <DestinationAroundSection destinationId={profile.id} section={section} />
        </WhenNearSection>
      ),
    }),
  ),
  {
    // A facility's reviews and ratings, and the visitor's own review.
    id: "reviews",
    applies: (c) => c.kind === "facility",
    Component: ({ profile, abilities }) => (
      <WhenNearSection label="Loading the reviews" height={240}>
        <FacilityReviewsSection
          facilityId={profile.id}
          facilityName={profile.name}
          canReview={abilities.can("reviews.write")}
          manages={canEdit(abilities)}
        />
      </WhenNearSection>
    ),
  },
  {
    // A tiered listing's tier and subscription, for its managers (`/facilities/{id}#membership`).
    id: "membership",
    anchor: true,
    applies: (c, a) => isTieredKind(c.kind) && canEdit(a),
    Component: ({ config, profile }) =>
      isTieredKind(config.kind) ? (
        <EditorPart>
          <MembershipSection kind={config.kind} id={profile.id} />
        </EditorPart>
      ) : null,
  },
  {
    id: "eventsCalendar",
    applies: (c) => c.kind === "organization",
    Component: ({ profile }) => (
      <Suspense
        fallback={
          <Skeleton
            variant="rounded"
            height={320}
            role="status"
            aria-label="Loading the calendar"
          />
        }
      >
        <EventsCalendar organizationId={profile.id} />
      </Suspense>
    ),
  },
];

/** The side column: where, how to reach, related listings, people, promotion. */
const SIDE_SECTIONS: readonly TSection[] = [
  {
    // "Ask {guide}": the destination's tour guide, loaded once the page is in the browser.
    id: "tourGuide",
    applies: (c) => c.kind === "destination",
    Component: ({ profile }) => <TourGuideSection destinationId={profile.id} />,
  },
  {
    id: "eventActions",
    applies: (c) => c.kind === "event",
    Component: ({ profile, abilities }) => (
      <EventRequestActions eventId={profile.id} canOrganize={canEdit(abilities)} />
    ),
  },
  {
    // Its own people do not ask themselves for proposals (shown once that is known).
    id: "venueActions",
    applies: (c, a) => isVenueKind(c.kind) && !a.isPending && !a.can("profile.readPrivate"),
    Component: ({ config, profile }) =>
      isVenueKind(config.kind) ? (
        <VenueActions kind={config.kind} id={profile.id} name={profile.name} />
      ) : null,
  },
  {
    id: "location",
    applies: () => true,
    Component: ({ profile }) => <LocationSection profile={profile} />,
  },
  {
    id: "contact",
    applies: () => true,
    Component: ({ profile }) => <ContactSection profile={profile} />,
  },
  {
    id: "organizer",
    applies: (c) => c.related.includes("organization"),
    Component: ({ profile }) => <OrganizerSection profile={profile} />,
  },
  {
    id: "destinations",
    applies: (c) => c.related.includes("facilityDestinations"),
    Component: ({ profile }) => <FacilityDestinationsSection profile={profile} />,
  },
  {
    id: "partners",
    applies: (c) => c.related.includes("partners") && c.children.includes("partners"),
    Component: ({ config, profile, abilities }) => (
      <PartnersSection
        config={config}
        profile={profile}
        canEdit={abilities.can("partners.write")}
      />
    ),
  },
  {
    id: "members",
    applies: (_c, a) => a.can("profile.readPrivate"),
    Component: ({ config, profile, abilities }) => (
      <EditorPart>
        <MembersSection config={config} profile={profile} abilities={abilities} />
      </EditorPart>
    ),
  },
  {
    id: "boosts",
    applies: (c, a) => c.children.includes("boosts") && a.can("boosts.write"),
    Component: ({ config, profile }) => (
      <EditorPart>
        <BoostsSection config={config} profile={profile} />
      </EditorPart>
    ),
  },
];

const VISITOR_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Opens the page on the section the address names (`#images`). The sections above it load after
 * the page draws and push it down, so it is followed while the page's height changes, for at most
 * 5 s and only until the visitor scrolls themselves.
 */
function useScrollToAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => document.getElementById(id)?.scrollIntoView?.({ block: "start" });
    scroll();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(scroll);
    observer?.observe(document.body);
    const stop = () => {
      observer?.disconnect();
      window.clearTimeout(timer);
      for (const name of VISITOR_SCROLLS) window.removeEventListener(name, stop);
    };
    const timer = window.setTimeout(stop, 5000);
    for (const name of VISITOR_SCROLLS) window.addEventListener(name, stop, { passive: true });
    return stop;
  }, [hash]);
}

function ProfileView({ config, profile }: { config: TKindConfig; profile: TProfile }) {
  const abilities = useAbilities(config.kind, profile.id);
  const [editing, setEditing] = useState(false);
  useDocumentTitle(profile.name, {
    description: profile.description,
    image: mediaUrl(profile.headerImage ?? profile.logo, "header"),
  });
  useTrackView(config.kind, profile.id);
  useScrollToAnchor();
  const props = { config, profile, abilities };
  const render = (sections: readonly TSection[]) =>
    sections
      .filter((section) => section.applies(config, abilities))
      .map(({ id, anchor, Component }) =>
        anchor ? (
          <Box key={id} id={id} sx={{ scrollMarginTop: 80 }}>
            <Component {...props} />
          </Box>
        ) : (
          <Component key={id} {...props} />
        ),
      );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <ProfileHeader
        config={config}
        profile={profile}
        abilities={abilities}
        onEdit={() => setEditing(true)}
        summary={config.kind === "facility" ? <RatingSummary facilityId={profile.id} /> : undefined}
      />
      <PendingBanner config={config} profile={profile} abilities={abilities} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0 }}>
          <Stack spacing={3}>
            {editing && abilities.can("profile.update") ? (
              <>
                <Suspense
                  fallback={
                    <Skeleton
                      variant="rounded"
                      height={320}
                      role="status"
                      aria-label="Loading the form"
                    />
                  }
                >
                  <ProfileEditForm
                    config={config}
                    profile={profile}
                    onDone={() => setEditing(false)}
                  />
                </Suspense>
                {render(MAIN_SECTIONS.filter((s) => s.id !== "about" && s.id !== "facts"))}
              </>
            ) : (
              render(MAIN_SECTIONS)
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
          <Stack spacing={3}>{render(SIDE_SECTIONS)}</Stack>
        </Grid>
      </Grid>
    </Container>
  );
}

function ProfileSkeleton({ config }: { config: TKindConfig }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        spacing={3}
        role="status"
        aria-live="polite"
        aria-label={`Loading the ${config.label.toLowerCase()}`}
      >
        <Paper variant="outlined" sx={{ overflow: "hidden" }}>
          <Skeleton variant="rectangular" sx={{ height: { xs: 140, sm: 200, md: 260 } }} />
          <Stack direction="row" spacing={2} sx={{ p: 3, alignItems: "flex-end" }}>
            <Skeleton variant="rounded" width={96} height={96} sx={{ mt: -7 }} />
            <Stack spacing={1} sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="50%" sx={{ fontSize: 34 }} />
              <Skeleton variant="text" width="30%" />
            </Stack>
          </Stack>
        </Paper>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Skeleton variant="rounded" height={160} />
          </Grid>
        </Grid>
      </Stack>
    </Container>
  );
}

export const notFoundTitle = (config: TKindConfig) =>
  `This ${config.label.toLowerCase()} was not found`;

export function ProfilePage({ kind }: { kind: TProfileKind }) {
  const config = kindConfig(kind);
  const { id } = useParams();
  const profile = useProfile(kind, id);
  const missing =
    !isListingId(id) ||
    (profile.error instanceof ApiError &&
      (profile.error.status === 404 || profile.error.status === 400));

  if (missing) {
    return (
      <PageFrame title={`${config.label} not found`}>
        <ListingNotFound title={notFoundTitle(config)} />
      </PageFrame>
    );
  }
  if (profile.data)
    return <ProfileView key={profile.data.id} config={config} profile={profile.data} />;
  if (profile.isError) {
    return (
      <PageFrame title={config.label}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              Retry
            </Button>
          }
        >
          <Typography component="span">
            {apiErrorMessage(profile.error, `This ${config.label.toLowerCase()} did not load.`)}
          </Typography>
        </Alert>
      </PageFrame>
    );
  }
  return <ProfileSkeleton config={config} />;
}
