// Scroll positions per path in sessionStorage (spec §2 "Other behaviour").
const KEY_PREFIX = "hostfield.scroll:";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy modes); scroll restoration then simply does nothing.
    return null;
  }
}

export function scrollStorageKey(path: string): string {
  return `${KEY_PREFIX}${path}`;
}

export function saveScrollPosition(path: string, y: number): void {
  try {
    storage()?.setItem(scrollStorageKey(path), String(Math.max(0, Math.round(y))));
  } catch {
    // Quota errors are not worth surfacing for a convenience feature.
  }
}

export function readScrollPosition(path: string): number | null {
  const raw = storage()?.getItem(scrollStorageKey(path));
  if (raw === null || raw === undefined) return null;
  const y = Number(raw);
  return Number.isFinite(y) && y >= 0 ? y : null;
}
