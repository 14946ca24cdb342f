// How it works (/how-it-works): what Hostfield does for each kind of member (organizers,
// destinations, facilities, hotels, local businesses, vendors) and on a phone. The top bar's 'How
// it works' entries open its sections (lib/external-links). Public, painted by the server.
import { MARKETPLACE_SECTIONS } from "@hostfield/domain/reference";
import LightbulbOutlinedIcon from "@mui/icons-material/LightbulbOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { HOW_IT_WORKS_SECTIONS } from "../../lib/external-links";
import {
  ACCOUNT_PATH,
  HELP_PATH,
  NEW_LISTING_PATH,
  NEW_REQUEST_PATH,
  PIPELINE_PATH,
  RFP_MARKETPLACE_PATH,
} from "../../lib/paths";
import { PageFrame } from "../../ui/page-frame";
import { InstallAppButton } from "../landing";
import { InfoSection, PageLink, SectionIndex, useScrollToHash } from "./info-sections";

export const HOW_IT_WORKS_TITLE = "How it works";

const pathOf = (id: string) => MARKETPLACE_SECTIONS.find((section) => section.id === id)?.path;
const FIND_HOST_PATH = pathOf("destinations") ?? "/destinations/marketplace";
const EVENTS_PATH = pathOf("events") ?? "/events/marketplace";

const SECTIONS = {
  eventOrganizers: { id: HOW_IT_WORKS_SECTIONS.eventOrganizers, title: "For event organizers" },
  destinations: { id: HOW_IT_WORKS_SECTIONS.destinations, title: "For destinations" },
  facilities: { id: HOW_IT_WORKS_SECTIONS.facilities, title: "For facilities" },
  hotels: { id: "hotels", title: "For hotels" },
  businesses: { id: "local-businesses", title: "For local businesses" },
  vendors: { id: HOW_IT_WORKS_SECTIONS.vendors, title: "For vendors and industry partners" },
  mobile: { id: HOW_IT_WORKS_SECTIONS.mobile, title: "On your phone" },
} as const;

/** The steps of one member's way through the product, numbered. */
function Steps({ steps }: { steps: readonly ReactNode[] }) {
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, "& li + li": { mt: 1 } }}>
      {steps.map((step, index) => (
        // The steps are a fixed list: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: never reordered
        <Typography component="li" key={index}>
          {step}
        </Typography>
      ))}
    </Box>
  );
}

/** Where a section's reader goes next. */
function NextSteps({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
      {children}
    </Stack>
  );
}

export function HowItWorksPage() {
  useScrollToHash();
  return (
    <PageFrame
      title={HOW_IT_WORKS_TITLE}
      icon={<LightbulbOutlinedIcon />}
      description="Hostfield connects the people who run sporting events with the destinations, facilities, hotels and businesses that host them."
    >
      <SectionIndex sections={Object.values(SECTIONS)} />

      <InfoSection
        section={SECTIONS.eventOrganizers}
        intro="Tournaments, meets, camps and games: find where to hold them and book everything around them."
      >
        <Steps
          steps={[
            "Search the destinations and facilities marketplaces by sport, place and size, on a list or a map, and save the ones you like to a shortlist.",
            "Send a request for proposals with your dates (or several date options), spaces and rooms, to the venues that fit, to one venue, or to a whole shortlist.",
            "Compare the proposals side by side, message the venues, and award the event to the one you choose.",
            "Set up hotel room blocks for your teams and share a booking link with them.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={FIND_HOST_PATH} variant="contained">
            Find new event host
          </Button>
          <Button component={RouterLink} to={NEW_REQUEST_PATH} variant="outlined">
            Request proposals
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.destinations}
        intro="Convention and visitors bureaus, sports commissions and destination management organizations: bring events to your town."
      >
        <Steps
          steps={[
            "List your destination with its facilities, services and photos, so organizers find it in the marketplace.",
            "Receive leads when a request fits, and follow each one from Open to Won in your pipeline.",
            "Answer with proposals that bring your facilities and hotels together, and talk with the organizer in one conversation.",
            "See your reach in your reports: views, leads, wins and the economic impact of the events you host.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
            List your destination
          </Button>
          <Button component={RouterLink} to={PIPELINE_PATH} variant="outlined">
            Open your pipeline
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.facilities}
        intro="Fields, courts, rinks, pools and complexes: fill your calendar with events."
      >
        <Steps
          steps={[
            "List your facility with its sports, spaces and amenities.",
            "Keep your calendar (or sync it from your booking system), so requests for dates you are taken do not reach you.",
            "Answer the leads you receive with a proposal; with a membership, find more requests in the RFP marketplace.",
            "When an event is awarded to you, its days are booked on your calendar.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
            List your facility
          </Button>
          <Button component={RouterLink} to={RFP_MARKETPLACE_PATH} variant="outlined">
            RFP marketplace
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.hotels}
        intro="Put your rooms in front of the teams and fans coming to events near you."
      >
        <Steps
          steps={[
            "List your hotel and set its room types, nightly rates and rooms to sell.",
            "Show up on the pages of events nearby, with your rates and deals.",
            "Agree room blocks with organizers; rooms left unbooked return to you after the cut-off day.",
            "Follow reservations as guests book, change or cancel them.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
            List your hotel
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.businesses}
        intro="Restaurants, attractions and things to do: be found by the people in town for an event."
      >
        <Steps
          steps={[
            "List your business in Attractions & Things to Do.",
            "Add promotions, and boost your listing for the dates events come to town.",
            "See how many people viewed and clicked in your reports.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
            List your business
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.vendors}
        intro="Timing, apparel, equipment, travel and other services for sporting events."
      >
        <Steps
          steps={[
            "List your organization so event organizers can find and follow it.",
            "Follow the events and organizers you work with, and message them directly.",
            "Keep your team in the same place: invite colleagues as members and managers of your listing.",
          ]}
        />
        <NextSteps>
          <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
            List your organization
          </Button>
          <Button component={RouterLink} to={EVENTS_PATH} variant="outlined">
            Look for events
          </Button>
        </NextSteps>
      </InfoSection>

      <InfoSection
        section={SECTIONS.mobile}
        intro="Hostfield works in your phone's browser, and installs like an app: free, with no store needed."
      >
        <Steps
          steps={[
            "On Android (Chrome): open the browser menu and choose Install app, or use the button below when your browser offers it.",
            "On iPhone and iPad (Safari): tap Share, then Add to Home Screen.",
            <>
              Turn on push notifications for the device in{" "}
              <PageLink to={ACCOUNT_PATH}>My account</PageLink>, so new messages and leads reach
              you.
            </>,
          ]}
        />
        <NextSteps>
          <InstallAppButton />
          <Button component={RouterLink} to={HELP_PATH} variant="outlined">
            Visit the help center
          </Button>
        </NextSteps>
      </InfoSection>
    </PageFrame>
  );
}
