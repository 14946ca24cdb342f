// Small readers of rendered pages for the tests; they rely on every attribute being double-quoted.
import { expect } from "vitest";

/** `end` is where the tag's content starts in the page. */
export type TTag = { name: string; attrs: Record<string, string>; source: string; end: number };

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"<>]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g;
const CLOSING_TAG = /<\/[a-zA-Z][a-zA-Z0-9-]*>/g;

function decode(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Opening tags with decoded attribute values; attributes without a value read as "". */
export function tags(page: string, name?: string): TTag[] {
  return [...page.matchAll(TAG)]
    .map((match) => ({
      name: match[1]!.toLowerCase(),
      attrs: Object.fromEntries(
        [...(match[2] ?? "").matchAll(ATTRIBUTE)].map((attribute) => [
          attribute[1]!.toLowerCase(),
          decode(attribute[2] ?? ""),
        ]),
      ),
      source: match[0],
      end: (match.index ?? 0) + match[0].length,
    }))
    .filter((tag) => name === undefined || tag.name === name);
}

/**
 * Whatever is left once the doctype, well-formed tags and closing tags are removed. A `<` in it
 * means markup the tag reader could not account for, such as an attribute that broke out of its
 * quotes.
 */
export function strayMarkup(page: string): string[] {
  const rest = page
    .replace(/^<!doctype html>/i, "")
    .replace(TAG, "")
    .replace(CLOSING_TAG, "");
  return rest.match(/<[^\s]{0,20}/g) ?? [];
}

export function byId(page: string, id: string): TTag {
  const found = tags(page).filter((tag) => tag.attrs.id === id);
  expect(found, `exactly one element with id "${id}"`).toHaveLength(1);
  return found[0]!;
}

/** The text inside the element with this id (its tags stripped, entities decoded). */
export function textById(page: string, id: string): string {
  const tag = byId(page, id);
  const end = page.indexOf(`</${tag.name}>`, tag.end);
  return decode(page.slice(tag.end, end).replace(/<[^>]*>/g, ""));
}

/** The input or select that a `<label for>` with exactly this text points at. */
export function controlLabelled(page: string, labelText: string): TTag {
  const labels = tags(page, "label").filter(
    (label) => decode(page.slice(label.end, page.indexOf("</label>", label.end))) === labelText,
  );
  expect(labels, `one label reading "${labelText}"`).toHaveLength(1);
  const target = labels[0]!.attrs.for;
  expect(target, `label "${labelText}" has a for attribute`).toBeTruthy();
  return byId(page, target!);
}

/** Ids the control's aria-describedby names, each checked to exist on the page. */
export function describedBy(page: string, control: TTag): string[] {
  const ids = (control.attrs["aria-describedby"] ?? "").split(" ").filter(Boolean);
  for (const id of ids) byId(page, id);
  return ids;
}

export function documentTitle(page: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(page)?.[1];
}

export function forms(page: string): TTag[] {
  return tags(page, "form");
}

/** Submit buttons with their decoded labels. */
export function buttons(page: string): Array<TTag & { label: string }> {
  return tags(page, "button").map((tag) => ({
    ...tag,
    label: decode(page.slice(tag.end, page.indexOf("</button>", tag.end))),
  }));
}

/** Links with their decoded text (inner tags stripped). */
export function links(page: string): Array<TTag & { label: string }> {
  return tags(page, "a").map((tag) => {
    const inner = page.slice(tag.end, page.indexOf("</a>", tag.end)).replace(/<[^>]*>/g, "");
    return { ...tag, label: decode(inner) };
  });
}
