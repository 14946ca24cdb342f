// The styles MUI's components insert (emotion's default cache). Test files share their worker's
// modules and its one jsdom document (isolate: false), so without a reset every rule any earlier
// test inserted stays in the document: over 2,300 style tags by a worker's fifteenth file, and
// jsdom's getComputedStyle (every role query's visibility check, every autosizing text field's
// keystroke) walks all of them. After each test (its tree unmounted) the rules go; the next
// render inserts what it uses again, so each test sees the styles of its own tree alone, in its
// own order, whatever ran before it.
import { type EmotionCache, withEmotionCache } from "@emotion/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

let emotion: EmotionCache | null = null;

/** Emotion's default cache, the one MUI's styled components use. */
function defaultCache(): EmotionCache | null {
  if (!emotion) {
    const Capture = withEmotionCache((_props: object, cache: EmotionCache) => {
      emotion = cache;
      return null;
    });
    renderToString(createElement(Capture));
  }
  return emotion;
}

/** Removes every rule emotion inserted and forgets it did, so the next render inserts afresh. */
export function resetInsertedStyles(): void {
  const cache = defaultCache();
  if (!cache) return;
  cache.sheet.flush();
  for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
}
