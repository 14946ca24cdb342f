// Reading an event's teams from CSV (`POST /hotels/events/{eventId}/teams/import`): a header row
// naming the columns (`name`, `contact name`, `contact email`, `contact phone` optional, `rooms`;
// case, spaces, `_` and `-` do not matter; other columns are ignored), then one team a row, each
// checked with ZTeamInput. Parsed by csv-parse, stopped after TEAMS_MAX rows (a 10,000-row file
// costs what a 501-row one does). Any problem is one 400 naming the line in the file (the header
// is line 1): TEAMS_CSV_INVALID with `details: {line, column}`, or TEAMS_CSV_TOO_MANY.
import {
  TEAM_ROOMS_MAX,
  TEAMS_MAX,
  type TTeamInput,
  ZTeamInput,
} from "@hostfield/domain/contracts";
import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../../platform/http/errors";

/** The columns as the contract names them, by the field each fills. */
const COLUMNS = {
  name: "name",
  contactName: "contact name",
  contactEmail: "contact email",
  contactPhone: "contact phone",
  roomsNeeded: "rooms",
} as const satisfies Record<keyof TTeamInput, string>;
type TField = keyof typeof COLUMNS;

/** Header names (folded: lower case, no spaces, `_` or `-`) and the field each means. */
const HEADER_NAMES: Record<string, TField> = {
  name: "name",
  team: "name",
  teamname: "name",
  contactname: "contactName",
  contact: "contactName",
  contactemail: "contactEmail",
  email: "contactEmail",
  contactphone: "contactPhone",
  phone: "contactPhone",
  rooms: "roomsNeeded",
  roomsneeded: "roomsNeeded",
};
const REQUIRED: readonly TField[] = ["name", "contactName", "contactEmail", "roomsNeeded"];

export type TCsvTeam = { line: number; team: TTeamInput };

const fold = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

export function csvInvalid(line: number, column: string | null, problem: string) {
  return new AppError("TEAMS_CSV_INVALID", 400, `Line ${line}: ${problem}`, { line, column });
}

export function csvTooMany(line: number) {
  return new AppError(
    "TEAMS_CSV_TOO_MANY",
    400,
    `Line ${line}: an event has at most ${TEAMS_MAX} teams; nothing was imported.`,
    { line, column: null, max: TEAMS_MAX },
  );
}

const FIELD_PROBLEMS: Record<TField, (value: string) => string> = {
  name: () => "the team's name is missing or longer than 200 characters.",
  contactName: () => "the contact's name is missing or longer than 200 characters.",
  contactEmail: (value) =>
    value
      ? `"${value.slice(0, 80)}" is not an e-mail address.`
      : "the contact's e-mail is missing.",
  contactPhone: () => "the contact's phone is longer than 40 characters.",
  roomsNeeded: (value) =>
    `rooms must be a whole number from 1 to ${TEAM_ROOMS_MAX}${value ? ` (not "${value.slice(0, 20)}")` : ""}.`,
};

/** What csv-parse could not read, as the line it is on and what to do about it. */
function unreadable(
  error: CsvError,
  lines: readonly string[],
  lastGoodLine: number,
  header: string[] | null,
) {
  const at = typeof error.lines === "number" ? error.lines : 1;
  // The failed row's first line: the first after the last row read that has a value on it.
  let start = lastGoodLine + 1;
  while (start < at && /^[\s,]*$/.test(lines[start - 1] ?? "")) start += 1;
  let line = at;
  let problem: string;
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      // csv-parse reports the file's end; the quote opened on the failed row's first line.
      line = start;
      problem = "a quote opened on this line is never closed.";
      break;
    case "INVALID_OPENING_QUOTE":
      problem =
        'a quote inside a value: put the whole value in quotes and double the quotes in it ("").';
      break;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      if (start < at) {
        // A quote left open ran on into the next lines: the mistake is where it opened.
        line = start;
        problem = `a quote opened on this line is not closed before line ${at}.`;
      } else {
        problem = "a quoted value must end at a comma or at the end of the line.";
      }
      break;
    default:
      problem = `this line is not CSV (${error.message}).`;
  }
  const index = typeof error.column === "number" ? error.column : null;
  const field = header && index !== null ? HEADER_NAMES[fold(header[index] ?? "")] : undefined;
  return csvInvalid(Math.max(1, line), field ? COLUMNS[field] : null, problem);
}

/**
 * The teams a CSV text names, each with the line its row starts on; throws the 400 that names the
 * first problem. Names are unique in the file (without case); the rows' count is checked against
 * TEAMS_MAX alone here (the event's own teams are counted by the import).
 */
export function parseTeamsCsv(csv: string): TCsvTeam[] {
  const text = csv.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  let lastGoodLine = 0;
  let header: string[] | null = null;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // The header, TEAMS_MAX teams, and one more to know there are too many: no further.
      to: TEAMS_MAX + 2,
      on_record: (record, context) => {
        lastGoodLine = context.lines;
        // With `info`, each record comes as { record, info }.
        header ??= (record as unknown as { record: string[] }).record;
        return record;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error, lines, lastGoodLine, header);
    throw error;
  }
  // A record's first line: its last, less the line breaks inside its quoted values.
  const startOf = (r: { record: string[]; info: { lines: number } }) =>
    r.info.lines - r.record.reduce((n, value) => n + (value.match(/\n/g)?.length ?? 0), 0);

  const [head, ...rows] = records;
  if (!head) throw csvInvalid(1, null, "the file has no header row.");
  header = head.record;
  const positions = new Map<TField, number>();
  for (const [index, title] of header.entries()) {
    const field = HEADER_NAMES[fold(title)];
    if (!field) continue;
    if (positions.has(field)) {
      throw csvInvalid(
        startOf(head),
        COLUMNS[field],
        `the header names "${COLUMNS[field]}" twice.`,
      );
    }
    positions.set(field, index);
  }
  for (const field of REQUIRED) {
    if (!positions.has(field)) {
      throw csvInvalid(
        startOf(head),
        COLUMNS[field],
        `the header has no "${COLUMNS[field]}" column (it needs name, contact name, contact email and rooms; contact phone is optional).`,
      );
    }
  }
  if (rows.length > TEAMS_MAX) throw csvTooMany(startOf(rows[TEAMS_MAX]!));
  if (rows.length === 0)
    throw csvInvalid(startOf(head) + 1, null, "there are no teams below the header.");

  const seen = new Map<string, number>();
  return rows.map((row) => {
    const line = startOf(row);
    if (row.record.length > header!.length) {
      throw csvInvalid(
        line,
        null,
        `${row.record.length} values, but the header names ${header!.length} columns.`,
      );
    }
    const cell = (field: TField) => {
      const at = positions.get(field);
      return at === undefined ? "" : (row.record[at] ?? "").trim();
    };
    const rooms = cell("roomsNeeded");
    if (!/^\d{1,6}$/.test(rooms)) {
      throw csvInvalid(line, COLUMNS.roomsNeeded, FIELD_PROBLEMS.roomsNeeded(rooms));
    }
    const parsed = ZTeamInput.safeParse({
      name: cell("name"),
      contactName: cell("contactName"),
      contactEmail: cell("contactEmail"),
      contactPhone: cell("contactPhone") || null,
      roomsNeeded: Number(rooms),
    });
    if (!parsed.success) {
      const field = (parsed.error.issues[0]?.path[0] ?? "name") as TField;
      throw csvInvalid(line, COLUMNS[field], FIELD_PROBLEMS[field](cell(field)));
    }
    const key = parsed.data.name.toLowerCase();
    const before = seen.get(key);
    if (before !== undefined) {
      throw csvInvalid(
        line,
        COLUMNS.name,
        `"${parsed.data.name}" is already the team on line ${before}.`,
      );
    }
    seen.set(key, line);
    return { line, team: parsed.data };
  });
}
