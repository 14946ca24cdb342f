// File types by their content, never by the name or the declared content type: images and PDF by
// their signature (file-type), text and CSV by decoding them, Office documents by reading the zip.
import { fileTypeFromBuffer } from "file-type";
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

/** file-type's verdicts we accept, by the extension it names (an animated PNG is a PNG). */
const DETECTED_TYPES = new Map<string, TSniffedType>([
  ["png", FILE_TYPES.png],
  ["apng", FILE_TYPES.png],
  ["jpg", FILE_TYPES.jpg],
  ["webp", FILE_TYPES.webp],
  ["gif", FILE_TYPES.gif],
  ["avif", FILE_TYPES.avif],
  ["pdf", FILE_TYPES.pdf],
]);

// Each of those types shows in its first bytes; this is the sample file-type itself takes from a
// stream (its default `sampleSize`).
const SIGNATURE_BYTES = 4100;

/** Types told by their first bytes (images, PDF) or by being clean UTF-8 text; null otherwise. */
export async function sniffType(bytes: Buffer): Promise<TSniffedType | null> {
  // file-type is shown the first bytes only (a view, no copy); what it chokes on is no type it knows.
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SIGNATURE_BYTES)).catch(
    () => undefined,
  );
  const type = detected ? DETECTED_TYPES.get(detected.ext) : undefined;
  // A PDF may be ASCII throughout, so its signature decides. No real image is clean text (their
  // headers hold NUL and other control bytes), but file-type calls anything that starts with
  // "GIF" a GIF: text that merely begins like one stays text.
  if (type?.kind === "document") return type;
  return sniffText(bytes) ?? type ?? null;
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
 * and that main part is in the archive. Archive bombs and dangerous archives reject with a
 * ZipRejection (from ./zip), bombs before anything is inflated; a zip of any other kind is null.
 */
export async function sniffOfficeDocument(
  bytes: Buffer,
  limits: TZipLimits = ZIP_LIMITS,
): Promise<TSniffedType | null> {
  const archive = await readZipDirectory(bytes, limits);
  // Part names are case-insensitive in Open Packaging.
  const byName = new Map(archive.entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const contentTypes = byName.get(CONTENT_TYPES_PART);
  if (!contentTypes) return null;
  // A VBA project is a macro, whatever the content types say.
  if ([...byName.keys()].some((name) => name.endsWith("vbaproject.bin"))) return null;
  const xml = (await readZipEntry(archive, contentTypes, MAX_CONTENT_TYPES_BYTES)).toString("utf8");
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
  await verifyZipEntries(archive);
  return found;
}

/** The type of a stored file from its key: keys end in the extension that sniffing chose. */
export function typeOfKey(key: string): TSniffedType | null {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return Object.hasOwn(FILE_TYPES, extension)
    ? FILE_TYPES[extension as keyof typeof FILE_TYPES]
    : null;
}
