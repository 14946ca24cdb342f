// Test support: a strict reader of RFC 5545 text, refusing what calendar apps may choke on (bare
// line ends, lines over 75 octets, bad escapes, unbalanced components, missing required
// properties). Only tests import it.

export type TProperty = { name: string; params: Record<string, string>; value: string };
export type TComponent = { name: string; properties: TProperty[]; components: TComponent[] };

class ICalError extends Error {}
const fail = (message: string): never => {
  throw new ICalError(message);
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const NAME = /^[A-Za-z0-9-]+/;

/** The physical lines: CRLF only, each at most 75 octets, then unfolded into content lines. */
export function contentLines(text: string): string[] {
  if (!text.endsWith("\r\n")) fail("the text does not end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  const lines: string[] = [];
  physical.forEach((line, i) => {
    if (/[\r\n]/.test(line)) fail(`line ${i + 1} has a bare CR or LF`);
    if (Buffer.byteLength(line, "utf8") > 75) fail(`line ${i + 1} is longer than 75 octets`);
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) fail("the text starts with a continuation line");
      lines[lines.length - 1] += line.slice(1);
    } else {
      if (line === "") fail(`line ${i + 1} is empty`);
      lines.push(line);
    }
  });
  // A fold inside a UTF-8 sequence shows up as U+FFFD once the octets are decoded apart.
  for (const line of lines) if (line.includes("\uFFFD")) fail("a fold split a UTF-8 character");
  return lines;
}

function parseProperty(line: string): TProperty {
  const name = NAME.exec(line)?.[0] ?? fail(`no property name in "${line}"`);
  let rest = line.slice(name.length);
  const params: Record<string, string> = {};
  while (rest.startsWith(";")) {
    const m =
      /^;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/.exec(rest) ?? fail(`bad parameter in "${line}"`);
    params[m[1]!.toUpperCase()] = m[2]!.replace(/^"|"$/g, "");
    rest = rest.slice(m[0].length);
  }
  if (!rest.startsWith(":")) fail(`no ':' after the name and parameters in "${line}"`);
  const value = rest.slice(1);
  if (CONTROL.test(value)) fail(`a control character in the value of ${name}`);
  return { name: name.toUpperCase(), params, value };
}

/** The calendar as components; throws on anything RFC 5545 does not allow (of what we use). */
export function parseCalendar(text: string): TComponent {
  const stack: TComponent[] = [];
  let root: TComponent | null = null;
  for (const line of contentLines(text)) {
    const p = parseProperty(line);
    if (p.name === "BEGIN") {
      const c: TComponent = { name: p.value.toUpperCase(), properties: [], components: [] };
      if (stack.length === 0) {
        if (root) fail("more than one top-level component");
        root = c;
      } else stack.at(-1)!.components.push(c);
      stack.push(c);
    } else if (p.name === "END") {
      const open = stack.pop() ?? fail(`END:${p.value} without BEGIN`);
      if (open.name !== p.value.toUpperCase()) fail(`END:${p.value} closes ${open.name}`);
    } else {
      (stack.at(-1) ?? fail(`${p.name} outside any component`)).properties.push(p);
    }
  }
  if (stack.length) fail(`${stack.at(-1)!.name} is not closed`);
  if (root?.name !== "VCALENDAR") fail("the top-level component is not VCALENDAR");
  return root!;
}

/** A TEXT value read back; an unescaped ',' or ';' or an unknown escape is an error. */
export function unescapeText(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === "\\") {
      const next = value[++i];
      if (next === "n" || next === "N") out += "\n";
      else if (next === "\\" || next === ";" || next === ",") out += next;
      else fail(`unknown escape \\${next ?? ""}`);
    } else if (c === ";" || c === ",") {
      fail(`unescaped '${c}' in a TEXT value`);
    } else out += c;
  }
  return out;
}

export const one = (c: TComponent, name: string): TProperty => {
  const found = c.properties.filter((p) => p.name === name);
  if (found.length !== 1) fail(`${c.name} has ${found.length} ${name}, expected exactly one`);
  return found[0]!;
};

/**
 * The required structure of a published calendar with all-day events: VERSION 2.0 and PRODID
 * once, each VEVENT with one UID, DTSTAMP (UTC date-time), DTSTART and DTEND as DATE values with
 * the end after the start.
 */
export function checkCalendar(root: TComponent): TComponent[] {
  if (one(root, "VERSION").value !== "2.0") fail("VERSION is not 2.0");
  one(root, "PRODID");
  const events = root.components.filter((c) => c.name === "VEVENT");
  if (events.length === 0) fail("no VEVENT");
  for (const e of events) {
    unescapeText(one(e, "UID").value);
    if (!/^\d{8}T\d{6}Z$/.test(one(e, "DTSTAMP").value)) fail("DTSTAMP is not a UTC date-time");
    const start = one(e, "DTSTART");
    const end = one(e, "DTEND");
    for (const d of [start, end]) {
      if (d.params.VALUE !== "DATE" || !/^\d{8}$/.test(d.value)) fail(`${d.name} is not a DATE`);
    }
    if (end.value <= start.value) fail("DTEND is not after DTSTART");
    for (const name of ["SUMMARY", "DESCRIPTION", "LOCATION"]) {
      for (const p of e.properties.filter((q) => q.name === name)) unescapeText(p.value);
    }
  }
  return events;
}
