// Fractional sort keys for images and documents: moving an item writes only that item's key.
// Keys are strings over BASE62 compared byte-wise; a key between any two keys always exists.

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MID = DIGITS[Math.floor(DIGITS.length / 2)]!;

const digit = (key: string, i: number, fallback: number) =>
  i < key.length ? DIGITS.indexOf(key[i]!) : fallback;

/** True for a key this module could have produced (non-empty, BASE62, no trailing zero digit). */
export function isSortKey(key: string): boolean {
  return /^[0-9A-Za-z]+$/.test(key) && !key.endsWith("0");
}

/**
 * A key strictly between `before` and `after` (null = open end). Throws when before >= after.
 * Ends never use the digit 0 so there is always room below a key.
 */
export function sortKeyBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) {
    throw new Error(`sortKeyBetween: ${before} is not before ${after}`);
  }
  let result = "";
  for (let i = 0; ; i++) {
    const low = before === null ? 0 : digit(before, i, 0);
    const high = after === null ? DIGITS.length : digit(after, i, DIGITS.length);
    if (high - low > 1) {
      const middle = Math.ceil((low + high) / 2);
      return result + DIGITS[middle];
    }
    // No room at this position: keep the lower digit and look further right.
    result += DIGITS[low];
    if (high - low === 1 && before !== null && i >= before.length - 1) {
      // `before` ends here (or is exhausted): any digit above its tail fits, below nothing.
      const rest = before.slice(i + 1);
      return result + (rest ? sortKeyBetween(rest, null) : MID);
    }
  }
}

/** `count` ascending keys after `after` (null = from the start), for appending several items. */
export function sortKeysAfter(after: string | null, count: number): string[] {
  const keys: string[] = [];
  let last = after;
  for (let i = 0; i < count; i++) {
    last = sortKeyBetween(last, null);
    keys.push(last);
  }
  return keys;
}

/**
 * The sort key that puts an item right after `afterId` (null: first), given the others in order.
 * Equal keys (two uploads that raced before the lock existed) are stepped over, so this never
 * asks for a key between two equal ones.
 */
export function sortKeyAfter(
  others: readonly { id: string; sortKey: string }[],
  afterId: string | null,
): string | null {
  const at = afterId === null ? -1 : others.findIndex((row) => row.id === afterId);
  if (afterId !== null && at < 0) return null;
  const before = at >= 0 ? others[at]!.sortKey : null;
  const next = others.slice(at + 1).find((row) => before === null || row.sortKey > before);
  return sortKeyBetween(before, next?.sortKey ?? null);
}
