// What /home remembers while the tab lives (spec §2 "Home page state"): the hub tab (default
// States), the feed's offset, the activity tab, and per-key expanded and paging states. Kept in
// sessionStorage, so leaving /home and coming back (or reloading) finds it as it was.
import { ACTIVITY_TABS, type TActivityTab } from "@hostfield/domain/contracts";
import { useSyncExternalStore } from "react";
import { MARKETPLACE_SECTIONS, type TMarketplaceSectionId } from "../marketplace";

export const HUB_TABS = ["states", "sports", "following"] as const;
export type THubTab = (typeof HUB_TABS)[number];
export const HUB_TAB_LABELS: Record<THubTab, string> = {
  states: "States",
  sports: "Sports",
  following: "Following",
};

/** The activity feed's tabs are the server's (`tab` of /users/my/activity). */
export const ACTIVITY_TAB_LABELS: Record<TActivityTab, string> = {
  following: "Around you",
  mine: "Your activity",
};

export type THomePageState = {
  hubTab: THubTab;
  /** The marketplace the hub's state and sport tiles open. */
  hubSection: TMarketplaceSectionId;
  /** Offset of the feed page shown under the current activity tab. */
  userFeedOffset: number;
  userActivityTab: TActivityTab;
  /** Whether a collapsible part is open, by key (absent: its default). */
  expanderStates: Record<string, boolean>;
  /** A paged list's offset, by key: each activity tab's feed keeps its own. */
  paginationStates: Record<string, number>;
};

export const DEFAULT_HOME_STATE: THomePageState = {
  hubTab: "states",
  hubSection: "facilities",
  userFeedOffset: 0,
  userActivityTab: "following",
  expanderStates: {},
  paginationStates: {},
};

const STORAGE_KEY = "hostfield.home";

const isOffset = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

function entries<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => keep(v))) as Record<string, T>;
}

/** The stored state, or the defaults for whatever is missing or malformed. */
export function readHomeState(raw: string | null): THomePageState {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed === "object" && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    hubTab: HUB_TABS.includes(stored.hubTab as THubTab)
      ? (stored.hubTab as THubTab)
      : DEFAULT_HOME_STATE.hubTab,
    hubSection: MARKETPLACE_SECTIONS.some((section) => section.id === stored.hubSection)
      ? (stored.hubSection as TMarketplaceSectionId)
      : DEFAULT_HOME_STATE.hubSection,
    userFeedOffset: isOffset(stored.userFeedOffset) ? stored.userFeedOffset : 0,
    userActivityTab: ACTIVITY_TABS.includes(stored.userActivityTab as TActivityTab)
      ? (stored.userActivityTab as TActivityTab)
      : DEFAULT_HOME_STATE.userActivityTab,
    expanderStates: entries(stored.expanderStates, (v): v is boolean => typeof v === "boolean"),
    paginationStates: entries(stored.paginationStates, isOffset),
  };
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let current: THomePageState | null = null;
const listeners = new Set<() => void>();

function snapshot(): THomePageState {
  current ??= readHomeState(storage()?.getItem(STORAGE_KEY) ?? null);
  return current;
}

export function updateHomeState(change: (state: THomePageState) => THomePageState): void {
  current = change(snapshot());
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // A full or blocked storage only costs the memory across reloads.
  }
  for (const listener of listeners) listener();
}

/** Forgets the state in memory (tests; a new sign-in starts fresh through the storage). */
export function resetHomeState(): void {
  current = null;
  storage()?.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHomeState(): THomePageState {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_HOME_STATE);
}

/** Switches the activity tab; the feed's offset is kept per tab and comes back with it. */
export function chooseActivityTab(state: THomePageState, tab: TActivityTab): THomePageState {
  if (tab === state.userActivityTab) return state;
  return {
    ...state,
    userActivityTab: tab,
    userFeedOffset: state.paginationStates[`activity:${tab}`] ?? 0,
    paginationStates: {
      ...state.paginationStates,
      [`activity:${state.userActivityTab}`]: state.userFeedOffset,
    },
  };
}

export function isExpanded(state: THomePageState, key: string, byDefault = true): boolean {
  return state.expanderStates[key] ?? byDefault;
}
