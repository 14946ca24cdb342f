// The help centre (/help): short answers on finding hosts, requests for proposals, proposals and
// awards, hotel rooms and blocks, messaging, and accounts and plans. Public, painted by the server.
import { MARKETPLACE_SECTIONS } from "@hostfield/domain/reference";
import HelpOutlinedIcon from "@mui/icons-material/HelpOutlined";
import {
  ACCOUNT_PATH,
  CONTACT_PATH,
  HOW_IT_WORKS_PATH,
  MESSAGING_PATH,
  MY_REQUESTS_PATH,
  NEW_LISTING_PATH,
  NEW_REQUEST_PATH,
  NOTIFICATIONS_PATH,
  PIPELINE_PATH,
  RFP_MARKETPLACE_PATH,
  SHORTLISTS_PATH,
} from "../../lib/paths";
import { PageFrame } from "../../ui/page-frame";
import {
  Answer,
  InfoSection,
  PageLink,
  SectionIndex,
  type TSectionEntry,
  useScrollToHash,
} from "./info-sections";

export const HELP_TITLE = "Help Center";

const SECTIONS = {
  searching: { id: "searching", title: "Finding hosts, events and partners" },
  requests: { id: "requests", title: "Requests for proposals" },
  proposals: { id: "proposals", title: "Proposals and awards" },
  hotels: { id: "hotels", title: "Hotel rooms and blocks" },
  messaging: { id: "messaging", title: "Messaging and notifications" },
  accounts: { id: "accounts", title: "Accounts and plans" },
} as const satisfies Record<string, TSectionEntry>;

export function HelpPage() {
  useScrollToHash();
  return (
    <PageFrame
      title={HELP_TITLE}
      icon={<HelpOutlinedIcon />}
      description="Short answers on finding a host, requesting and sending proposals, hotel rooms, messaging and your account."
    >
      <SectionIndex sections={Object.values(SECTIONS)} />

      <InfoSection section={SECTIONS.searching}>
        <Answer question="Where do I start looking?">
          <p>
            There are five marketplaces, open to everyone without an account:{" "}
            {MARKETPLACE_SECTIONS.map((section, index) => (
              <span key={section.id}>
                {index > 0 ? (index === MARKETPLACE_SECTIONS.length - 1 ? " and " : ", ") : null}
                <PageLink to={section.path}>{section.title}</PageLink>
              </span>
            ))}
            . Each has a search box, filters (sport, place and distance, size and more) and a map
            view.
          </p>
        </Answer>
        <Answer question="How do I keep track of the venues I like?">
          <p>
            Save them to a <PageLink to={SHORTLISTS_PATH}>shortlist</PageLink>. A shortlist compares
            its venues side by side, can be shared with a read-only link, and can be sent a request
            for proposals in one go. You can also like or follow listings to hear about them.
          </p>
        </Answer>
      </InfoSection>

      <InfoSection section={SECTIONS.requests}>
        <Answer question="What is a request for proposals?">
          <p>
            It describes your event (sport, dates, size, the spaces and rooms you need) and asks
            destinations and facilities to answer with a proposal. Start one from{" "}
            <PageLink to={NEW_REQUEST_PATH}>New request</PageLink>, from a venue's page to send it
            to that venue alone, or from a shortlist.
          </p>
        </Answer>
        <Answer question="Who receives my request?">
          <p>
            When you publish it, the venues that fit are matched and each gets a lead. A venue whose
            calendar shows it taken on every date you offer is left out. You can give up to eight
            alternative date sets, or a window such as "2 days in a row, Fri-Sun, in March".
          </p>
        </Answer>
        <Answer question="Where do I follow my requests?">
          <p>
            In <PageLink to={MY_REQUESTS_PATH}>My requests</PageLink>: drafts, published and awarded
            requests, and the proposals that came in for each.
          </p>
        </Answer>
      </InfoSection>

      <InfoSection section={SECTIONS.proposals}>
        <Answer question="How do venues answer a request?">
          <p>
            Destinations and facilities see their leads in the{" "}
            <PageLink to={PIPELINE_PATH}>Pipeline</PageLink> and, with a membership, find more
            requests in the <PageLink to={RFP_MARKETPLACE_PATH}>RFP marketplace</PageLink>. Open a
            lead and send a proposal: dates, prices, terms and files. Update it if your offer
            changes.
          </p>
        </Answer>
        <Answer question="How do I compare proposals and award the event?">
          <p>
            Open the request's proposals from My requests: they show side by side, with each venue's
            prices and dates. Choose Award on the one you want. The winning venue's lead is marked
            Won and the others Lost, and the event takes the venue's place and dates.
          </p>
        </Answer>
        <Answer question="What do the lead statuses mean?">
          <p>
            Open (received), Interested (a proposal was sent), Won or Lost (the organizer awarded
            the event), and Passed (the venue passed on it; it can open it again later).
          </p>
        </Answer>
      </InfoSection>

      <InfoSection section={SECTIONS.hotels}>
        <Answer question="How does a hotel offer its rooms?">
          <p>
            On the hotel's page, its managers open Rooms and rates to set room types and, night by
            night, the rooms to sell and their rate. Reservations lists what guests booked.
          </p>
        </Answer>
        <Answer question="What is a room block?">
          <p>
            Rooms held for one event's teams and fans, night by night, at a block rate. The
            organizer or the hotel proposes a block and the other side accepts or declines it; an
            accepted block holds its rooms. Rooms still unbooked after the cut-off day go back to
            the hotel.
          </p>
        </Answer>
        <Answer question="How do guests book?">
          <p>
            From the event's page, which lists the hotels near the venue with their rates, or
            through a team's booking link. A reservation can be changed or cancelled from its own
            page.
          </p>
        </Answer>
      </InfoSection>

      <InfoSection section={SECTIONS.messaging}>
        <Answer question="How do I talk to an organizer or a venue?">
          <p>
            A lead opens a conversation between the venue and the organizer, and you can message
            members from their pages. Every conversation, with its files and images, is in{" "}
            <PageLink to={MESSAGING_PATH}>Messaging</PageLink>.
          </p>
        </Answer>
        <Answer question="How will I know something happened?">
          <p>
            The bell in the top bar counts new{" "}
            <PageLink to={NOTIFICATIONS_PATH}>notifications</PageLink>, and a dot on Messaging marks
            unread messages. A conversation left unread is also sent to you by email. Turn on push
            notifications for a device in <PageLink to={ACCOUNT_PATH}>My account</PageLink>.
          </p>
        </Answer>
      </InfoSection>

      <InfoSection section={SECTIONS.accounts}>
        <Answer question="Do I need an account?">
          <p>
            Not to browse. Sign up to send requests, answer them, message, save shortlists and list
            your own destination, facility, hotel, business or organization (
            <PageLink to={NEW_LISTING_PATH}>create a listing</PageLink>).
          </p>
        </Answer>
        <Answer question="What do the membership plans add?">
          <p>
            Listings have a tier: Legacy, Bronze, Silver or Gold. An active Bronze, Silver or Gold
            membership opens the RFP marketplace; Silver and Gold also get hot leads (Urgent Need
            and Near Future requests) 24 hours before everyone else. A listing's managers see and
            change its plan on the listing's own page; your listings are in{" "}
            <PageLink to={ACCOUNT_PATH}>My account</PageLink>.
          </p>
        </Answer>
        <Answer question="Something else?">
          <p>
            See <PageLink to={HOW_IT_WORKS_PATH}>how it works</PageLink> for each kind of member, or{" "}
            <PageLink to={CONTACT_PATH}>contact us</PageLink>.
          </p>
        </Answer>
      </InfoSection>
    </PageFrame>
  );
}
