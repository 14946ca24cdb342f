// A destination page's lists of what is around it: the facilities listed under it, the hotels near
// it and the events near it that are not over yet, each paged with "Show more".
import type { TDestinationAround } from "@hostfield/domain/contracts";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import HotelIcon from "@mui/icons-material/Hotel";
import StadiumIcon from "@mui/icons-material/Stadium";
import type { ReactNode } from "react";
import { useOffsetPages } from "../../lib/offset-pages";
import { PageSection } from "../../ui/page-section";
import { LoadMoreFooter, QueryStates } from "../../ui/query-states";
import { PlaceCards } from "./place-cards";
import { fetchAround, placesKeys } from "./places-api";

/** How many of each list a destination page shows at first, and adds with "Show more". */
export const AROUND_PAGE_SIZE = 6;

const WORDS: Record<
  TDestinationAround,
  { title: string; noun: string; empty: string; icon: ReactNode }
> = {
  facilities: {
    title: "Facilities",
    noun: "facilities",
    empty: "No facilities are listed under this destination yet.",
    icon: <StadiumIcon />,
  },
  hotels: {
    title: "Hotels nearby",
    noun: "hotels",
    empty: "No hotels are listed near this destination yet.",
    icon: <HotelIcon />,
  },
  events: {
    title: "Upcoming events",
    noun: "events",
    empty: "No upcoming events are listed near this destination.",
    icon: <EventBusyIcon />,
  },
};

export function DestinationAroundSection({
  destinationId,
  section,
}: {
  destinationId: string;
  section: TDestinationAround;
}) {
  const words = WORDS[section];
  const { query, items, count } = useOffsetPages({
    queryKey: placesKeys.around(destinationId, section),
    load: (page, signal) => fetchAround(destinationId, section, page, signal),
    pageSize: AROUND_PAGE_SIZE,
  });
  return (
    <PageSection title={query.data ? `${words.title} (${count})` : words.title}>
      <QueryStates
        query={query}
        isEmpty={items.length === 0}
        loadingLabel={`Loading the ${words.noun}`}
        skeleton={{ rows: 3, avatar: "rounded" }}
        failedTitle={`The ${words.noun} did not load`}
        empty={{ icon: words.icon, title: `No ${words.noun} yet`, text: words.empty }}
      >
        {() => (
          <>
            <PlaceCards items={items} />
            <LoadMoreFooter
              query={query}
              label={`Show more ${words.noun}`}
              failedText={`More ${words.noun} did not load.`}
              sx={{ mt: 1 }}
            />
          </>
        )}
      </QueryStates>
    </PageSection>
  );
}
