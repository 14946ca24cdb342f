// /destinations/{id}/tour-guide: a destination's tour guide for its managers (the destination's
// manage menu links here): its settings, and below them the questions visitors asked it, to read
// back (who asked is not shown).
import type { TTourGuide } from "@hostfield/domain/contracts";
import LockIcon from "@mui/icons-material/Lock";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { ListingNotFound } from "../../ui/listing-not-found";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { getManagedTourGuide } from "./assistant-api";
import { assistantKeys } from "./assistant-paths";
import { ExchangeList } from "./exchange-list";
import { TourGuideForm } from "./tour-guide-form";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const VISITOR_QUESTIONS_TITLE = "Questions visitors asked";

const destinationPath = (id: string) => `/destinations/${encodeURIComponent(id)}`;

/** A form per version of the guide: after a save or a reset it starts from what the server kept. */
const versionOf = (guide: TTourGuide) =>
  `${guide.id ?? "default"}:${guide.manage?.updatedDate ?? ""}`;

function GuideSettings({ destinationId }: { destinationId: string }) {
  const headingId = useId();
  const viewer = useAuth().user?.id ?? "anonymous";
  const guide = useQuery({
    queryKey: assistantKeys.guide(destinationId, viewer),
    queryFn: ({ signal }) => getManagedTourGuide(destinationId, signal),
  });
  if (guide.isPending) {
    return (
      <Stack spacing={3} role="status" aria-label="Loading the tour guide">
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (guide.isError) {
    if (guide.error instanceof ApiError && [400, 404].includes(guide.error.status)) {
      return <ListingNotFound title="This destination was not found" />;
    }
    return (
      <LoadFailedPanel
        title="The tour guide did not load"
        error={guide.error}
        onRetry={() => void guide.refetch()}
      />
    );
  }
  const data = guide.data;
  if (!data.manage) {
    return (
      <NoticePanel
        icon={<LockIcon />}
        title="Managers only"
        actions={
          <Button component={RouterLink} to={destinationPath(destinationId)} variant="outlined">
            Back to {data.destinationName}
          </Button>
        }
      >
        Only {data.destinationName}'s owners and managers change its tour guide.
      </NoticePanel>
    );
  }
  return (
    <Stack spacing={4}>
      <Typography color="text.secondary">
        <Link component={RouterLink} to={destinationPath(destinationId)}>
          {data.destinationName}
        </Link>
        {"'s guide answers visitors on its page from the listings of its area, citing each one."}
      </Typography>
      <TourGuideForm key={versionOf(data)} guide={data} />
      <Stack component="section" spacing={2} aria-labelledby={headingId}>
        <Typography id={headingId} variant="h5" component="h2">
          {VISITOR_QUESTIONS_TITLE}
        </Typography>
        <Typography color="text.secondary">
          What visitors asked {data.name}, newest first. Who asked is not shown.
        </Typography>
        <ExchangeList
          scope={{ scope: "destination", destinationId }}
          label="Find questions"
          ratingFilter
          empty={{
            title: "No questions yet",
            text: "Questions visitors ask the guide on your page show up here.",
          }}
        />
      </Stack>
    </Stack>
  );
}

export function TourGuideSettingsPage() {
  const { id = "" } = useParams();
  return (
    <PageFrame
      title="Tour guide"
      description="How the destination's guide answers visitors, and what they asked it."
      icon={<SupportAgentIcon />}
    >
      <RequireSignIn what="the tour guide's settings">
        {UUID.test(id) ? (
          <GuideSettings destinationId={id} />
        ) : (
          <ListingNotFound title="This destination was not found" />
        )}
      </RequireSignIn>
    </PageFrame>
  );
}
