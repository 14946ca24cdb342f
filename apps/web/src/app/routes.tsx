// The route table: every page is its own chunk, loaded when first visited.
import { PROFILE_KINDS } from "@hostfield/domain/reference";
import { PROFILE_BASE_PATHS } from "@hostfield/domain/rules";
import type { RouteObject } from "react-router";
import { MARKETPLACE_SECTIONS } from "../features/marketplace";
import { PageLoading } from "../ui/page-loading";
import { RootLayout } from "./layouts/root-layout";
import { RouteError } from "./layouts/route-error";

/**
 * Pages anyone may see, the same for every visitor: the server paints their first view
 * (first-view.tsx) so they show before the scripts have run.
 */
export const FIRST_VIEW = { firstView: true } as const;

const marketplaceRoutes: RouteObject[] = MARKETPLACE_SECTIONS.map((section) => ({
  path: section.path,
  handle: FIRST_VIEW,
  lazy: async () => {
    const { MarketplacePage } = await import("../features/marketplace/marketplace-page");
    return { element: <MarketplacePage sectionId={section.id} /> };
  },
}));

/**
 * One page per listing kind (`/facilities/{id}`, …), all from the profile page framework. The
 * static marketplace paths above (`/facilities/marketplace`) still win: the router ranks static
 * segments above `:id`.
 */
const profileRoutes: RouteObject[] = PROFILE_KINDS.map((kind) => ({
  path: `${PROFILE_BASE_PATHS[kind]}/:id`,
  handle: FIRST_VIEW,
  lazy: async () => {
    const { ProfilePage } = await import("../features/profiles/profile-page");
    return { element: <ProfilePage key={kind} kind={kind} /> };
  },
}));

/** Pages inside the sign-in popup and the hidden renew frame: no shell, just the hand-back. */
const authWindowRoutes: RouteObject[] = (["popup", "silent"] as const).map((flow) => ({
  path: `/auth/${flow}`,
  HydrateFallback: () => null,
  errorElement: <RouteError />,
  lazy: async () => {
    const { AuthWindowPage } = await import("../features/auth/auth-window-page");
    return { element: <AuthWindowPage flow={flow} /> };
  },
}));

export const appRoutes: RouteObject[] = [
  ...authWindowRoutes,
  {
    path: "/",
    Component: RootLayout,
    // What fails in the shell itself (its own lazy parts) shows without it, never React Router's raw page.
    errorElement: <RouteError />,
    children: [
      {
        // Pathless, so the first page load and a failing page both show inside the shell.
        HydrateFallback: PageLoading,
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import("../features/landing")).LandingPage,
            }),
          },
          {
            path: "home",
            lazy: async () => ({
              Component: (await import("../features/home")).HomePage,
            }),
          },
          ...marketplaceRoutes,
          ...profileRoutes,
          {
            // A destination's tour guide: its settings and the questions visitors asked it.
            path: "destinations/:id/tour-guide",
            lazy: async () => ({
              Component: (await import("../features/assistant/tour-guide-settings-page"))
                .TourGuideSettingsPage,
            }),
          },
          {
            // A destination's CRM: its connections, their setup and the sync log.
            path: "destinations/:id/crm",
            lazy: async () => ({
              Component: (await import("../features/crm/crm-page")).CrmPage,
            }),
          },
          {
            path: "listings/new",
            lazy: async () => ({
              Component: (await import("../features/profiles/create-listing-page"))
                .CreateListingPage,
            }),
          },
          {
            path: "shortlists",
            lazy: async () => ({
              Component: (await import("../features/shortlists/shortlists-page")).ShortlistsPage,
            }),
          },
          {
            path: "shortlists/:shortlistId",
            lazy: async () => ({
              Component: (await import("../features/shortlists/shortlist-page")).ShortlistPage,
            }),
          },
          {
            path: "shared/shortlists/:token",
            lazy: async () => ({
              Component: (await import("../features/shortlists/shared-shortlist-page"))
                .SharedShortlistPage,
            }),
          },
          {
            // A team's booking link (a capability URL): open to whoever holds it, signed in or not.
            path: "team-booking/:token",
            lazy: async () => ({
              Component: (await import("../features/teams/team-booking-page")).TeamBookingPage,
            }),
          },
          {
            path: "requests",
            lazy: async () => ({
              Component: (await import("../features/requests/my-requests-page")).MyRequestsPage,
            }),
          },
          {
            path: "requests/new",
            lazy: async () => ({
              Component: (await import("../features/requests/new-request-page")).NewRequestPage,
            }),
          },
          {
            path: "events/:eventId/request",
            lazy: async () => ({
              Component: (await import("../features/requests/new-request-page")).EventRequestPage,
            }),
          },
          {
            path: "events/:eventId/proposals",
            lazy: async () => ({
              Component: (await import("../features/requests/proposals-page")).ProposalsPage,
            }),
          },
          {
            path: "events/:eventId/hotels",
            lazy: async () => ({
              Component: (await import("../features/rooms/event-hotels-page")).EventHotelsPage,
            }),
          },
          {
            path: "hotels/:id/rooms",
            lazy: async () => ({
              Component: (await import("../features/rooms/hotel-rooms-page")).HotelRoomsPage,
            }),
          },
          {
            path: "hotels/:id/reservations",
            lazy: async () => ({
              Component: (await import("../features/rooms/hotel-reservations-page"))
                .HotelReservationsPage,
            }),
          },
          {
            path: "hotels/:id/blocks",
            lazy: async () => ({
              Component: (await import("../features/rooms/hotel-blocks-page")).HotelBlocksPage,
            }),
          },
          {
            path: "rfps",
            lazy: async () => ({
              Component: (await import("../features/leads/rfp-marketplace-page"))
                .RfpMarketplacePage,
            }),
          },
          {
            path: "pipeline",
            lazy: async () => ({
              Component: (await import("../features/leads/pipeline-page")).PipelinePage,
            }),
          },
          {
            path: "leads/:eventId/:leadId",
            lazy: async () => ({
              Component: (await import("../features/leads/lead-page")).LeadPage,
            }),
          },
          {
            path: "hotels/:hotelId/reserve",
            lazy: async () => ({
              Component: (await import("../features/stays/reserve-page")).ReservePage,
            }),
          },
          {
            path: "reservations/:reservationId",
            lazy: async () => ({
              Component: (await import("../features/stays/reservation-page")).ReservationPage,
            }),
          },
          {
            path: "reports",
            lazy: async () => ({
              Component: (await import("../features/reports/my-reports-page")).MyReportsPage,
            }),
          },
          {
            path: "reports/rfps",
            lazy: async () => ({
              Component: (await import("../features/reports/rfp-overview-page")).RfpOverviewPage,
            }),
          },
          {
            // A listing's dashboard, its overview or one section (`/reports/facility/{id}/leads`).
            path: "reports/:kind/:id/:section?",
            lazy: async () => ({
              Component: (await import("../features/reports/report-page")).ReportPage,
            }),
          },
          {
            path: "leaderboards/:board?",
            lazy: async () => ({
              Component: (await import("../features/reports/leaderboard-page")).LeaderboardPage,
            }),
          },
          {
            path: "account",
            lazy: async () => ({
              Component: (await import("../features/account/account-page")).AccountPage,
            }),
          },
          {
            path: "admin",
            lazy: async () => ({
              Component: (await import("../features/admin")).AdminPage,
            }),
          },
          {
            path: "notifications",
            lazy: async () => ({
              Component: (await import("../features/notifications/notifications-page"))
                .NotificationsPage,
            }),
          },
          {
            path: "groups",
            lazy: async () => ({
              Component: (await import("../features/messaging/messaging-page")).MessagingPage,
            }),
          },
          {
            path: "groups/:groupId",
            lazy: async () => ({
              Component: (await import("../features/messaging/messaging-page")).MessagingPage,
            }),
          },
          {
            // Stories: the list and each story painted by the server too; the editor is not.
            path: "stories",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/stories/stories-page")).StoriesPage,
            }),
          },
          {
            path: "stories/new",
            lazy: async () => ({
              Component: (await import("../features/stories/story-editor-page")).StoryEditorPage,
            }),
          },
          {
            path: "stories/:id/edit",
            lazy: async () => ({
              Component: (await import("../features/stories/story-editor-page")).StoryEditorPage,
            }),
          },
          {
            path: "stories/:slug",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/stories/story-page")).StoryPage,
            }),
          },
          {
            // The pages about the product: the menus' Help, Contact and 'How it works' unless the
            // server names a deployment's own site (lib/external-links). Painted by the server.
            path: "help",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/help/help-page")).HelpPage,
            }),
          },
          {
            path: "contact",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/help/contact-page")).ContactPage,
            }),
          },
          {
            path: "how-it-works",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/help/how-it-works-page")).HowItWorksPage,
            }),
          },
          {
            // A landing state's page (spec §9): /states/indiana, painted by the server too.
            path: "states/:state",
            handle: FIRST_VIEW,
            lazy: async () => ({
              Component: (await import("../features/places/state-page")).StatePage,
            }),
          },
          {
            path: "users/:userId",
            lazy: async () => ({
              Component: (await import("../features/users")).UserPage,
            }),
          },
          {
            // The redirect sign-in lands here; the auth provider finishes it and moves on.
            path: "auth/callback",
            lazy: async () => ({
              Component: (await import("../features/auth/auth-callback-page")).AuthCallbackPage,
            }),
          },
          {
            path: "*",
            lazy: async () => ({
              Component: (await import("./layouts/not-found-page")).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];
