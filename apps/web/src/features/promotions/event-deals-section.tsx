// "Deals near this event" on an event's page: promotions valid during the event at businesses
// near its venue, nearest first, each naming its business (a link to its page) and distance.
import { profileLink } from "@hostfield/domain/rules";
import StorefrontIcon from "@mui/icons-material/Storefront";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { PageSection } from "../../ui/page-section";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { EVENT_DEALS_RADIUS, promotionKeys, searchEventDeals } from "./event-deals-api";
import { PromotionCard } from "./promotion-card";

export const EVENT_DEALS_TITLE = "Deals near this event";

export function EventDealsSection({ eventId }: { eventId: string }) {
  const deals = useQuery({
    queryKey: promotionKeys.event(eventId),
    queryFn: ({ signal }) => searchEventDeals(eventId, signal),
  });
  const items = deals.data?.items ?? [];
  return (
    <PageSection title={EVENT_DEALS_TITLE}>
      {deals.isError ? (
        <RetryAlert onRetry={() => void deals.refetch()}>
          {apiErrorMessage(deals.error, "The deals did not load.")}
        </RetryAlert>
      ) : deals.isPending ? (
        <ListSkeleton label="Loading the deals" rows={2} height={120} />
      ) : items.length === 0 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: "text.secondary" }}>
          <StorefrontIcon aria-hidden />
          <Typography>
            No deals within {EVENT_DEALS_RADIUS} miles for the event's dates yet.
          </Typography>
        </Stack>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
          {items.map(({ promotion, business }) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              heading={
                <Typography variant="body2" color="text.secondary">
                  <Link
                    component={RouterLink}
                    to={profileLink("business", business.id)}
                    sx={{ fontWeight: 600 }}
                  >
                    {business.name}
                  </Link>
                  {business.businessCategory ? ` · ${business.businessCategory}` : ""} ·{" "}
                  {business.distanceMiles} mi
                </Typography>
              }
            />
          ))}
        </Stack>
      )}
    </PageSection>
  );
}
