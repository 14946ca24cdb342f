// The hub of /home: ways in by state (the default; each tile opens the state's page) or by sport
// (into the chosen marketplace), and what I like and follow. The tab and the chosen marketplace stay in the home state.
import { landingStateSlug } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useId } from "react";
import { LikedAndFollowed } from "../account";
import {
  EntryPoints,
  MARKETPLACE_KINDS,
  MARKETPLACE_SECTIONS,
  type TMarketplaceSectionId,
} from "../marketplace";
import {
  HUB_TAB_LABELS,
  HUB_TABS,
  type THomePageState,
  type THubTab,
  updateHomeState,
} from "./home-state";

/** The marketplaces a state or sport tile can open; businesses have no sports. */
const sectionsFor = (tab: THubTab) =>
  MARKETPLACE_SECTIONS.filter(
    (section) => tab !== "sports" || MARKETPLACE_KINDS[section.id].sportCategories,
  );

export function HubTabs({ state, userId }: { state: THomePageState; userId: string }) {
  const id = useId();
  const tab = state.hubTab;
  const sections = sectionsFor(tab);
  const sectionId: TMarketplaceSectionId = sections.some((s) => s.id === state.hubSection)
    ? state.hubSection
    : "facilities";
  const section = sections.find((s) => s.id === sectionId)!;
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_event, next: THubTab) => updateHomeState((s) => ({ ...s, hubTab: next }))}
        aria-label="Hub"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {HUB_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={HUB_TAB_LABELS[name]}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === "following" ? (
          <LikedAndFollowed userId={userId} />
        ) : (
          <Stack spacing={2}>
            {/* A state tile opens the state's page, which links to each marketplace in the state. */}
            {tab === "states" ? null : (
              <Stack
                direction="row"
                useFlexGap
                spacing={1}
                sx={{ flexWrap: "wrap" }}
                role="group"
                aria-label="Open in"
              >
                {sections.map((s) => (
                  <Chip
                    key={s.id}
                    label={s.title}
                    icon={<s.Icon />}
                    color={s.id === sectionId ? "primary" : "default"}
                    variant={s.id === sectionId ? "filled" : "outlined"}
                    aria-pressed={s.id === sectionId}
                    onClick={() => updateHomeState((current) => ({ ...current, hubSection: s.id }))}
                  />
                ))}
              </Stack>
            )}
            <EntryPoints
              kind={MARKETPLACE_KINDS[sectionId]}
              query={{}}
              path={section.path}
              rows={[tab]}
              stateHref={
                tab === "states" ? (s) => `/states/${landingStateSlug(s.name)}` : undefined
              }
            />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
