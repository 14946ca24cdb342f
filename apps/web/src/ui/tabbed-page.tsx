// The body of a page in tabs whose choice lives in the address (`?tab=`, or a path of its own), so
// reload, back and a shared link open the same tab: each tab a link, scrolling sideways on a phone,
// reached with the arrow keys and opened with Enter or Space, and below them the chosen tab's
// panel, labelled by its tab.
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { type KeyboardEvent, type ReactNode, useId } from "react";
import { Link as RouterLink, type To } from "react-router";

export type TPageTab<V extends string> = { value: V; label: string; to: To };

/** A tab opens with Space as with Enter (a link alone opens with Enter only; Space would scroll). */
function activateOnSpace(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}

export function TabbedPage<V extends string>({
  label,
  tabs,
  value,
  replace = false,
  children,
}: {
  /** What the tabs choose between ("Report sections"). */
  label: string;
  tabs: readonly TPageTab<V>[];
  /** The tab the address names; false when it names none (the panel then says so). */
  value: V | false;
  /** Choosing a tab replaces the history entry instead of adding one. */
  replace?: boolean;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const tabId = (tab: V) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;
  return (
    <Stack spacing={3}>
      <Tabs
        value={value}
        aria-label={label}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            component={RouterLink}
            to={tab.to}
            replace={replace}
            id={tabId(tab.value)}
            aria-controls={value === false ? undefined : panelId}
            onKeyDown={activateOnSpace}
          />
        ))}
      </Tabs>
      {value === false ? (
        <Box>{children}</Box>
      ) : (
        <Box role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
          {children}
        </Box>
      )}
    </Stack>
  );
}
