// Contact (/contact): how to reach the team (the support address the server is configured with,
// SUPPORT_EMAIL), and who answers questions about a request, a proposal or a booking faster.
// Public, painted by the server.
import ContactSupportIcon from "@mui/icons-material/ContactSupport";
import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useSiteConfigQuery } from "../../lib/external-links";
import { ACCOUNT_PATH, HELP_PATH, HOW_IT_WORKS_PATH, MESSAGING_PATH } from "../../lib/paths";
import { PageFrame } from "../../ui/page-frame";
import { RetryAlert } from "../../ui/query-states";
import { Answer, InfoSection, PageLink } from "./info-sections";

export const CONTACT_TITLE = "Contact us";
export const NO_SUPPORT_ADDRESS_TEXT =
  "This site has not published a support address yet. The help center answers the most common questions, and members can message organizers and venues directly.";
export const SUPPORT_ADDRESS_FAILED_TEXT = "The support address did not load.";

const SECTIONS = {
  team: { id: "team", title: "Write to the team" },
  sooner: { id: "sooner", title: "Quicker answers" },
} as const;

/** The support address, as the server names it; a way to go on without one. */
function SupportAddress() {
  const site = useSiteConfigQuery();
  if (site.isPending)
    return (
      <Typography role="status" aria-label="Loading the support address">
        <Skeleton width={280} />
      </Typography>
    );
  if (site.isError)
    return (
      <RetryAlert onRetry={() => void site.refetch()}>{SUPPORT_ADDRESS_FAILED_TEXT}</RetryAlert>
    );
  const address = site.data.supportEmail;
  if (!address)
    return (
      <Typography>
        {NO_SUPPORT_ADDRESS_TEXT} <PageLink to={HELP_PATH}>Visit the help center</PageLink>.
      </Typography>
    );
  return (
    <>
      <Typography>
        Email the team at{" "}
        <Link href={`mailto:${address}`} sx={{ overflowWrap: "anywhere" }}>
          {address}
        </Link>
        . Tell us the email address you sign in with and, about a listing or a request, its name or
        link: we answer faster.
      </Typography>
      <div>
        <Button variant="contained" href={`mailto:${address}`} startIcon={<EmailOutlinedIcon />}>
          Write an email
        </Button>
      </div>
    </>
  );
}

export function ContactPage() {
  return (
    <PageFrame
      title={CONTACT_TITLE}
      icon={<ContactSupportIcon />}
      description="Questions about your account, a listing or a membership: here is how to reach us."
    >
      <InfoSection section={SECTIONS.team}>
        <SupportAddress />
      </InfoSection>

      <InfoSection section={SECTIONS.sooner}>
        <Answer question="About a request, a proposal or a booking?">
          <p>
            The organizer or the venue knows it best: write to them in the lead's conversation in{" "}
            <PageLink to={MESSAGING_PATH}>Messaging</PageLink>, or message them from their page. A
            hotel reservation's own page has the hotel's details.
          </p>
        </Answer>
        <Answer question="About your account or your listings?">
          <p>
            Your profile, listings, notifications and devices are in{" "}
            <PageLink to={ACCOUNT_PATH}>My account</PageLink>.
          </p>
        </Answer>
        <Answer question="New here?">
          <p>
            Read <PageLink to={HOW_IT_WORKS_PATH}>how it works</PageLink>, or find short answers in
            the <PageLink to={HELP_PATH}>help center</PageLink>.
          </p>
        </Answer>
      </InfoSection>
    </PageFrame>
  );
}
