// The activity feed of /home: what concerns me (likes and follows of my listings, new listings in
// destinations and organizations I follow, changes to events I like, proposals on my events) or
// what I did, a page at a time under time-ago headings. Repeats come grouped from the server ("41 facilities
// newly listed in Astoria"): a group's row opens to its items, paged. The tab, the page, the open
// headings and groups and each group's page stay in the home state.
import { ACTIVITY_TABS, type TActivityItem, type TActivityTab } from "@hostfield/domain/contracts";
import { profileLink } from "@hostfield/domain/rules";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import TimelineIcon from "@mui/icons-material/Timeline";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId } from "react";
import { Link as RouterLink } from "react-router";
import { formatDateTime } from "../../lib/date-format";
import { groupByTimeAgo, relativeTime } from "../../lib/time-groups";
import { QueryStates } from "../../ui/query-states";
import { UserAvatar } from "../../ui/user-avatar";
import {
  FEED_PAGE_SIZE,
  GROUP_PAGE_SIZE,
  homeKeys,
  listActivity,
  listActivityGroup,
} from "./home-api";
import {
  ACTIVITY_TAB_LABELS,
  chooseActivityTab,
  isExpanded,
  type THomePageState,
  updateHomeState,
} from "./home-state";

export const FEED_FAILED = "Your activity did not load";
export const GROUP_FAILED = "These items did not load";
const GROUP_GONE = "What was grouped here is no longer in your feed.";
export const FEED_EMPTY: Record<TActivityTab, string> = {
  following: "Nothing around you yet",
  mine: "You have not liked or followed anything yet",
};
const FEED_EMPTY_HINT: Record<TActivityTab, string> = {
  following:
    "Follow destinations and event organizers, like events, or list your venue: likes, new listings and event changes will gather here.",
  mine: "Like events and venues, or follow destinations and organizers, and you will find your trail here.",
};

function ProfileLink({ profile }: { profile: TActivityItem["profile"] }) {
  return (
    <Link
      component={RouterLink}
      to={profileLink(profile.kind, profile.id)}
      sx={{ fontWeight: 600 }}
    >
      {profile.name}
    </Link>
  );
}

/** The sentence of one item: "Ann Lee liked Riverside Arena", "You followed Gulf Shores". */
function sentence(item: TActivityItem, tab: TActivityTab): ReactNode {
  const profile = <ProfileLink profile={item.profile} />;
  const context = item.context ? <ProfileLink profile={item.context} /> : "a listing you follow";
  switch (item.type) {
    case "liked":
    case "followed": {
      const who = tab === "mine" ? "You" : (item.actor?.name ?? "Someone");
      return (
        <>
          {who} {item.type} {profile}
        </>
      );
    }
    case "listed":
      return (
        <>
          {profile} is now listed in {context}
        </>
      );
    case "announced":
      return (
        <>
          {context} announced {profile}
        </>
      );
    case "updated":
      return <>{profile} was updated</>;
    case "proposed":
      return (
        <>
          {profile} sent a proposal for {context}
        </>
      );
  }
}

/** The sentence of a group of repeats: "41 facilities newly listed in Astoria Sports Authority". */
function groupSentence(item: TActivityItem, tab: TActivityTab): ReactNode {
  const profile = <ProfileLink profile={item.profile} />;
  const context = item.context ? <ProfileLink profile={item.context} /> : "a listing you follow";
  switch (item.type) {
    case "liked":
    case "followed":
      return tab === "mine" ? (
        <>
          You {item.type} {profile} {item.count} times
        </>
      ) : (
        <>
          {item.count} people {item.type} {profile}
        </>
      );
    case "listed":
      return (
        <>
          {item.count} facilities newly listed in {context}
        </>
      );
    case "announced":
      return (
        <>
          {context} announced {item.count} events
        </>
      );
    case "updated":
      return (
        <>
          {profile} was updated {item.count} times
        </>
      );
    case "proposed":
      return (
        <>
          {item.count} venues sent proposals for {context}
        </>
      );
  }
}

/** "Newer · 1–20 of 41 · Older" under a paged list. */
function Pager({
  offset,
  shown,
  count,
  size,
  busy,
  onChange,
}: {
  offset: number;
  shown: number;
  count: number;
  size: number;
  busy: boolean;
  onChange: (offset: number) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: "center", justifyContent: "space-between", pt: 1 }}
    >
      <Button
        size="small"
        disabled={offset === 0 || busy}
        onClick={() => onChange(Math.max(0, offset - size))}
      >
        Newer
      </Button>
      <Typography variant="body2" color="text.secondary" role="status">
        {offset + 1}–{offset + shown} of {count}
      </Typography>
      <Button
        size="small"
        disabled={offset + shown >= count || busy}
        onClick={() => onChange(offset + size)}
      >
        Older
      </Button>
    </Stack>
  );
}

const groupStateKey = (key: string) => `group:${key}`;

/** The items of an opened group, a page at a time. */
function GroupItems({
  state,
  userId,
  groupKey,
  id,
  now,
}: {
  state: THomePageState;
  userId: string;
  groupKey: string;
  id: string;
  now: Date;
}) {
  const tab = state.userActivityTab;
  const stateKey = groupStateKey(groupKey);
  const offset = state.paginationStates[stateKey] ?? 0;
  const query = useQuery({
    queryKey: homeKeys.group(userId, tab, groupKey, offset),
    queryFn: ({ signal }) => listActivityGroup(tab, groupKey, offset, signal),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const count = query.data?.count ?? 0;
  return (
    <Box id={id} sx={{ pl: { xs: 2, sm: 6 }, borderLeft: 2, borderColor: "divider", ml: 2 }}>
      <QueryStates
        query={query}
        isEmpty={items.length === 0}
        loadingLabel="Loading the group"
        skeleton={{ rows: 2, avatar: "circular" }}
        failedTitle={GROUP_FAILED}
        empty={{ icon: <TimelineIcon />, title: "Nothing left here", text: GROUP_GONE }}
      >
        {() => (
          <>
            <Box
              component="ul"
              sx={{ m: 0, p: 0, listStyle: "none", opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              {items.map((item) => (
                <FeedItem key={item.id} item={item} tab={tab} now={now} />
              ))}
            </Box>
            {count > GROUP_PAGE_SIZE ? (
              <Pager
                offset={offset}
                shown={items.length}
                count={count}
                size={GROUP_PAGE_SIZE}
                busy={query.isFetching}
                onChange={(next) =>
                  updateHomeState((s) => ({
                    ...s,
                    paginationStates: { ...s.paginationStates, [stateKey]: next },
                  }))
                }
              />
            ) : null}
          </>
        )}
      </QueryStates>
    </Box>
  );
}

/** A group's row: its sentence, and a button that opens its items (closed unless opened). */
function GroupRow({
  item,
  state,
  userId,
  now,
}: {
  item: TActivityItem & { groupKey: string };
  state: THomePageState;
  userId: string;
  now: Date;
}) {
  const id = useId();
  const tab = state.userActivityTab;
  const stateKey = groupStateKey(item.groupKey);
  const open = isExpanded(state, stateKey, false);
  return (
    <Box component="li">
      <ItemLine item={item} tab={tab} now={now} sentence={groupSentence(item, tab)}>
        <Button
          size="small"
          onClick={() =>
            updateHomeState((s) => ({
              ...s,
              expanderStates: { ...s.expanderStates, [stateKey]: !open },
            }))
          }
          aria-expanded={open}
          aria-controls={id}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          {open ? "Hide" : `Show all ${item.count}`}
        </Button>
      </ItemLine>
      {open ? (
        <GroupItems state={state} userId={userId} groupKey={item.groupKey} id={id} now={now} />
      ) : null}
    </Box>
  );
}

function FeedItem({ item, tab, now }: { item: TActivityItem; tab: TActivityTab; now: Date }) {
  return (
    <Box component="li">
      <ItemLine item={item} tab={tab} now={now} sentence={sentence(item, tab)} />
    </Box>
  );
}

/** One line of the feed: a picture, the sentence, when and where; `children` beside the time. */
function ItemLine({
  item,
  tab,
  now,
  sentence,
  children,
}: {
  item: TActivityItem;
  tab: TActivityTab;
  now: Date;
  sentence: ReactNode;
  children?: ReactNode;
}) {
  const place = [item.profile.city, item.profile.state].filter(Boolean).join(", ");
  const person = tab === "following" && item.actor;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", py: 1 }}>
      {person ? (
        <UserAvatar name={person.name} src={person.avatarUrl} userId={person.id} size={36} />
      ) : (
        <UserAvatar name={item.profile.name} src={item.profile.logo} size={36} />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {sentence}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <Tooltip title={formatDateTime(item.at)}>
            <time dateTime={item.at}>{relativeTime(item.at, now)}</time>
          </Tooltip>
          {place ? ` · ${place}` : null}
        </Typography>
        {children}
      </Box>
    </Stack>
  );
}

function TimeHeading({
  label,
  expanded,
  controls,
  onToggle,
}: {
  label: string;
  expanded: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={controls}
      endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      color="inherit"
      sx={{ px: 0, fontWeight: 700, justifyContent: "flex-start" }}
    >
      {label}
    </Button>
  );
}

export function ActivityFeed({ state, userId }: { state: THomePageState; userId: string }) {
  const id = useId();
  const tab = state.userActivityTab;
  const offset = state.userFeedOffset;
  const query = useQuery({
    queryKey: homeKeys.activity(userId, tab, offset),
    queryFn: ({ signal }) => listActivity(tab, offset, signal),
    placeholderData: keepPreviousData,
  });
  const count = query.data?.count ?? 0;

  // A remembered page past the end (items went away): go to the last page that has any.
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && offset > 0 && offset >= count) {
      const last = Math.max(0, Math.floor((count - 1) / FEED_PAGE_SIZE) * FEED_PAGE_SIZE);
      updateHomeState((s) => ({ ...s, userFeedOffset: last }));
    }
  }, [query.isSuccess, query.isPlaceholderData, offset, count]);

  const goTo = (next: number) => updateHomeState((s) => ({ ...s, userFeedOffset: next }));
  const now = new Date();
  const items = query.data?.items ?? [];

  const body = (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      loadingLabel="Loading your activity"
      skeleton={{ rows: 4, avatar: "circular" }}
      failedTitle={FEED_FAILED}
      empty={{ icon: <TimelineIcon />, title: FEED_EMPTY[tab], text: FEED_EMPTY_HINT[tab] }}
    >
      {() => (
        <Stack spacing={1} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {groupByTimeAgo(items, now, (item) => item.at).map((group) => {
            const key = `feed:${group.label}`;
            const open = isExpanded(state, key);
            const listId = `${id}-${group.label.replace(/\W+/g, "-")}`;
            return (
              <Box key={group.label} component="section" aria-label={group.label}>
                <TimeHeading
                  label={group.label}
                  expanded={open}
                  controls={listId}
                  onToggle={() =>
                    updateHomeState((s) => ({
                      ...s,
                      expanderStates: { ...s.expanderStates, [key]: !open },
                    }))
                  }
                />
                <Box
                  component="ul"
                  id={listId}
                  hidden={!open}
                  sx={{ m: 0, p: 0, listStyle: "none" }}
                >
                  {group.items.map((item) =>
                    item.groupKey && item.count > 1 ? (
                      <GroupRow
                        key={item.id}
                        item={{ ...item, groupKey: item.groupKey }}
                        state={state}
                        userId={userId}
                        now={now}
                      />
                    ) : (
                      <FeedItem key={item.id} item={item} tab={tab} now={now} />
                    ),
                  )}
                </Box>
              </Box>
            );
          })}
          <Pager
            offset={offset}
            shown={items.length}
            count={count}
            size={FEED_PAGE_SIZE}
            busy={query.isFetching}
            onChange={goTo}
          />
        </Stack>
      )}
    </QueryStates>
  );

  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_event, next: TActivityTab) =>
          updateHomeState((s) => chooseActivityTab(s, next))
        }
        aria-label="Activity"
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {ACTIVITY_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={ACTIVITY_TAB_LABELS[name]}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {body}
      </Box>
    </Stack>
  );
}
