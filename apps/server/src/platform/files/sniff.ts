// File types by their content, never by the name or the declared content type.
import {
  readZipDirectory,
  readZipEntry,
  type TZipLimits,
  verifyZipEntries,
  ZIP_LIMITS,
} from "./zip";

export type TSniffedType = { contentType: string; extension: string; kind: "image" | "document" };

const image = (contentType: string, extension: string): TSniffedType => ({
  contentType,
  extension,
  kind: "image",
});
const document = (contentType: string, extension: string): TSniffedType => ({
  contentType,
  extension,
  kind: "document",
});

/** Every type we accept, by the extension its keys end in. */
export const FILE_TYPES = {
  png: image("image/png", "png"),
  jpg: image("image/jpeg", "jpg"),
  webp: image("image/webp", "webp"),
  gif: image("image/gif", "gif"),
  avif: image("image/avif", "avif"),
  pdf: document("application/pdf", "pdf"),
  docx: document("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"),
  xlsx: document("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"),
  pptx: document(
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "pptx",
  ),
  txt: document("text/plain; charset=utf-8", "txt"),
  csv: document("text/csv; charset=utf-8", "csv"),
} as const satisfies Record<string, TSniffedType>;

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString("latin1");

/** Types told by their first bytes (images, PDF) or by being clean UTF-8 text; null otherwise. */
export function sniffType(bytes: Buffer): TSniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpg;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return FILE_TYPES.webp;
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return FILE_TYPES.gif;
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) {
    return FILE_TYPES.avif;
  }
  if (ascii(bytes, 0, 5) === "%PDF-") return FILE_TYPES.pdf;
  return sniffText(bytes);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
// Control characters other than tab, line feed, vertical tab, form feed and carriage return.
const BINARY = /[^\P{Cc}\t\n\v\f\r]/u;
// HTML, XML, SVG or a PHP page is markup, not plain text, whatever it is called.
const MARKUP = /^\s*<[!?a-zA-Z]/;

function sniffText(bytes: Buffer): TSniffedType | null {
  if (bytes.length === 0) return null;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return null;
  }
  if (BINARY.test(text) || MARKUP.test(text)) return null;
  return looksLikeCsv(text) ? FILE_TYPES.csv : FILE_TYPES.txt;
}

/**
 * CSV: the first records (up to 20, in the first 64 KB) all have the same number of fields, at
 * least two, for one of the usual delimiters; quoted fields may hold delimiters and line breaks.
 */
export function looksLikeCsv(text: string): boolean {
  const sampleLength = Math.min(text.length, 64 * 1024);
  const sample = text.slice(0, sampleLength);
  return [",", ";", "\t"].some((delimiter) => {
    const counts: number[] = [];
    let fields = 1;
    let quoted = false;
    let recordHasText = false;
    for (let i = 0; i < sample.length && counts.length < 20; i++) {
      const char = sample[i];
      if (char === '"') quoted = !quoted;
      else if (quoted) continue;
      else if (char === delimiter) fields++;
      else if (char === "\n") {
        if (recordHasText) counts.push(fields);
        fields = 1;
        recordHasText = false;
        continue;
      }
      if (char !== "\r") recordHasText = true;
    }
    // The last record counts when the sample holds the whole text (it may lack a final newline).
    if (recordHasText && !quoted && sampleLength === text.length && counts.length < 20)
      counts.push(fields);
    return counts.length >= 2 && counts[0]! >= 2 && counts.every((count) => count === counts[0]);
  });
}

// The main part of each Office Open XML document we accept, by its content type. The macro-enabled
// variants (docm, xlsm, pptm) have other content types, so they are not recognised.
const OOXML_MAIN_PARTS: Record<string, TSniffedType> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml":
    FILE_TYPES.docx,
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": FILE_TYPES.xlsx,
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml":
    FILE_TYPES.pptx,
};
const CONTENT_TYPES_PART = "[content_types].xml";
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

function attribute(element: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(element);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * A docx, xlsx or pptx: a zip whose [Content_Types].xml names a main part of one of those types,
 * and that main part is in the archive. Archive bombs and dangerous archives throw a ZipRejection
 * (from ./zip) before anything is inflated; a zip of any other kind is null.
 */
export async function sniffOfficeDocument(
  bytes: Buffer,
  limits: TZipLimits = ZIP_LIMITS,
): Promise<TSniffedType | null> {
  const entries = readZipDirectory(bytes, limits);
  // Part names are case-insensitive in Open Packaging.
  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const contentTypes = byName.get(CONTENT_TYPES_PART);
  if (!contentTypes) return null;
  // A VBA project is a macro, whatever the content types say.
  if ([...byName.keys()].some((name) => name.endsWith("vbaproject.bin"))) return null;
  const xml = readZipEntry(bytes, contentTypes, MAX_CONTENT_TYPES_BYTES).toString("utf8");
  let found: TSniffedType | null = null;
  for (const [element] of xml.matchAll(/<(?:\w+:)?Override\b[^>]*>/g)) {
    const type = OOXML_MAIN_PARTS[attribute(element, "ContentType") ?? ""];
    const part = attribute(element, "PartName")?.replace(/^\//, "").toLowerCase();
    if (type && part && byName.has(part)) {
      found = type;
      break;
    }
  }
  if (!found) return null;
  // The directory passed the limits; now prove it told the truth about every entry.
  await verifyZipEntries(bytes, entries);
  return found;
}

/** The type of a stored file from its key: keys end in the extension that sniffing chose. */
export function typeOfKey(key: string): TSniffedType | null {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return Object.hasOwn(FILE_TYPES, extension)
    ? FILE_TYPES[extension as keyof typeof FILE_TYPES]
    : null;
}
