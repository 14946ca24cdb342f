// A small matchMedia for jsdom that understands min-width, max-width and prefers-color-scheme.
type TListener = (event: MediaQueryListEvent) => void;

const state = { width: 1280, prefersDark: false };
const lists = new Set<{ query: string; listeners: Set<TListener> }>();

function evaluate(query: string): boolean {
  return query
    .split(/\s+and\s+/)
    .map((part) => part.trim().replace(/^\(|\)$/g, ""))
    .every((feature) => {
      const [name, rawValue] = feature.split(":").map((s) => s.trim());
      const value = rawValue ?? "";
      if (name === "min-width") return state.width >= Number.parseFloat(value);
      if (name === "max-width") return state.width <= Number.parseFloat(value);
      if (name === "prefers-color-scheme") return (value === "dark") === state.prefersDark;
      return false;
    });
}

function matchMedia(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<TListener>() };
  lists.add(entry);
  return {
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: TListener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: TListener) => entry.listeners.delete(listener),
    addListener: (listener: TListener) => entry.listeners.add(listener),
    removeListener: (listener: TListener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}

function notify(): void {
  for (const entry of lists) {
    const event = { matches: evaluate(entry.query), media: entry.query } as MediaQueryListEvent;
    for (const listener of entry.listeners) listener(event);
  }
}

export function setViewportWidth(width: number): void {
  state.width = width;
  notify();
}

export function setPrefersDark(prefersDark: boolean): void {
  state.prefersDark = prefersDark;
  notify();
}

export function resetViewport(): void {
  state.width = 1280;
  state.prefersDark = false;
  lists.clear();
  window.matchMedia = matchMedia;
}
