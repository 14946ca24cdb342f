// A value made on first use and kept: for what costs to make at import time (an Intl formatter
// loads its locale's data the first time one is made), so a page that never needs it never pays.
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
