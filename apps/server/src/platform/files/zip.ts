// Zip archives (the OOXML documents are zips), read with yauzl from the bytes in memory: nothing is
// ever extracted to disk. yauzl reads the central directory and inflates entries, holding each to
// the size its directory claims; our rules come on top. Refused: archive bombs (too many entries,
// too many bytes once inflated, a suspicious compression ratio, entries sharing bytes), encrypted
// entries, damaged archives and checksums, and names that would escape a folder if anyone
// extracted them.
import { crc32 } from "node:zlib";
import { type Entry, fromBufferPromise, getFileNameLowLevel, type ZipFile } from "yauzl";

export type TZipLimits = {
  /** Most entries an archive may hold. */
  entries: number;
  /** Most bytes all entries may hold once inflated, added up. */
  uncompressedBytes: number;
  /** Highest inflated:compressed ratio of one entry (checked on entries above `ratioFloorBytes`). */
  ratio: number;
  /** Entries smaller than this once inflated cannot be bombs, whatever their ratio. */
  ratioFloorBytes: number;
};

export const ZIP_LIMITS: TZipLimits = {
  entries: 10_000,
  uncompressedBytes: 100 * 1024 * 1024,
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export type TZipEntry = {
  /** The name an extractor would write: from the Info-ZIP Unicode path field if any, else UTF-8 or CP437. */
  name: string;
  compressedSize: number;
  /** What the directory claims; reading the entry fails if it inflates to anything else. */
  uncompressedSize: number;
  /** yauzl's record of the entry, to open it with. */
  record: Entry;
};

/** An archive whose directory passed the limits: its entries, read with readZipEntry. */
export type TZipArchive = { zipfile: ZipFile; entries: TZipEntry[] };

/** Why an archive was refused: `too-large` for bombs, `invalid` for damaged or dangerous archives. */
export class ZipRejection extends Error {
  override name = "ZipRejection";
  constructor(
    readonly reason: "too-large" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ZipRejection("invalid", message);
const tooLarge = (message: string) => new ZipRejection("too-large", message);
/** yauzl's own refusals (no end record, a bad signature, data past the end...) are damage. */
const asRejection = (error: unknown, message: string) =>
  error instanceof ZipRejection ? error : invalid(message);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;

/** A name that would land outside the folder it is extracted into, or that no tool should see. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return true;
  if (/[\p{Cc}\\]/u.test(name)) return true;
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return true;
  return name.split("/").some((part) => part === "..");
}

// Control bytes are control characters in every encoding a name may claim (CP437 draws them as ☺…).
const hasControlBytes = (raw: Buffer) => raw.some((byte) => byte < 0x20 || byte === 0x7f);

/**
 * The entry's name, or a refusal when either reading of it is unsafe: tools that honour the
 * Info-ZIP Unicode path field (0x7075) see that name, the others the plain one.
 */
function entryName(record: Entry): string {
  const flags = record.generalPurposeBitFlag;
  const name = getFileNameLowLevel(flags, record.fileNameRaw, record.extraFields, true);
  const plainName = getFileNameLowLevel(flags, record.fileNameRaw, [], true);
  if (
    isUnsafeEntryName(name) ||
    isUnsafeEntryName(plainName) ||
    hasControlBytes(record.fileNameRaw)
  )
    throw invalid("The archive holds an entry whose name leaves its folder.");
  return name;
}

/**
 * Where yauzl reads the next central directory record: where the directory starts before the
 * first entry, where its last record ends after the last one. yauzl keeps it on the ZipFile
 * without documenting it (@types/yauzl declares it, with the wrong type), so a release that drops
 * it refuses every archive rather than skipping the checks that need it.
 */
function directoryCursor(zipfile: ZipFile): number {
  const cursor: unknown = zipfile.readEntryCursor;
  if (typeof cursor !== "number") throw invalid("The archive's central directory cannot be read.");
  return cursor;
}

/**
 * The entries of a zip archive, from its central directory, checked against `limits` before any
 * byte is inflated. Rejects with a ZipRejection.
 */
export async function readZipDirectory(
  bytes: Buffer,
  limits: TZipLimits = ZIP_LIMITS,
): Promise<TZipArchive> {
  if (!isZip(bytes)) throw invalid("The file is not a zip archive.");
  // Names stay raw (decodeStrings: false) so that entryName checks both of their readings.
  const zipfile = await fromBufferPromise(bytes, {
    lazyEntries: true,
    decodeStrings: false,
    validateEntrySizes: true,
  }).catch((error: unknown) => {
    throw asRejection(error, "The archive has no readable central directory.");
  });
  if (zipfile.entryCount > limits.entries)
    throw tooLarge(`The archive holds more than ${limits.entries} entries.`);
  const directoryStart = directoryCursor(zipfile);

  const entries: TZipEntry[] = [];
  // Where each entry's local header starts and its compressed bytes end.
  const spans: { start: number; end: number }[] = [];
  const names = new Set<string>();
  let total = 0;
  try {
    // eachEntry reads one record at a time (lazyEntries), so a refusal stops the reading.
    for await (const record of zipfile.eachEntry()) {
      if (record.generalPurposeBitFlag & ENCRYPTED_FLAG)
        throw invalid("Encrypted archives are not accepted.");
      if (record.compressionMethod !== STORED && record.compressionMethod !== DEFLATED)
        throw invalid("The archive uses a compression method other than deflate.");
      const name = entryName(record);
      if (names.has(name)) throw invalid("The archive holds two entries of the same name.");
      names.add(name);

      const { compressedSize, uncompressedSize } = record;
      total += uncompressedSize;
      if (total > limits.uncompressedBytes)
        throw tooLarge(
          `The archive would hold more than ${Math.round(limits.uncompressedBytes / 1024 / 1024)} MB once unpacked.`,
        );
      if (
        uncompressedSize > limits.ratioFloorBytes &&
        uncompressedSize > limits.ratio * Math.max(compressedSize, 1)
      )
        throw tooLarge(`An entry of the archive is compressed more than ${limits.ratio}:1.`);

      const { fileDataStart } = await zipfile
        .readLocalFileHeaderPromise(record, { minimal: true })
        .catch((error: unknown) => {
          throw asRejection(error, "The archive's entries are damaged.");
        });
      spans.push({
        start: record.relativeOffsetOfLocalHeader,
        end: fileDataStart + compressedSize,
      });
      entries.push({ name, compressedSize, uncompressedSize, record });
    }
  } catch (error) {
    throw asRejection(error, "The archive's central directory is damaged.");
  }

  // yauzl reads as many records as the end record counts; one more would be seen by tools that
  // read the directory to its end instead, unchecked.
  const directoryEnd = directoryCursor(zipfile);
  if (directoryEnd + 4 <= bytes.length && bytes.readUInt32LE(directoryEnd) === CENTRAL_HEADER)
    throw invalid("The archive's central directory holds more entries than it counts.");

  // Entries that share bytes are how the smallest bombs multiply one compressed stream; and every
  // entry's bytes lie before the central directory.
  spans.sort((a, b) => a.start - b.start);
  for (const [i, span] of spans.entries()) {
    const next = spans[i + 1];
    if (next && span.end > next.start) throw invalid("The archive's entries overlap.");
    if (span.end > directoryStart) throw invalid("The archive's entries are damaged.");
  }
  return { zipfile, entries };
}

/**
 * Inflates one entry chunk by chunk, stopping as soon as it yields more bytes than its directory
 * claims, then checks its size and checksum (yauzl checks no checksum).
 */
async function inflateEntry(
  { zipfile }: TZipArchive,
  entry: TZipEntry,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  let produced = 0;
  let crc = 0;
  try {
    const stream = await zipfile.openReadStreamPromise(entry.record);
    // Leaving the loop (a throw) destroys the stream, which stops the inflating.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      produced += chunk.length;
      // yauzl's stream already fails past the claimed size (validateEntrySizes); this holds the
      // limit here whatever its options.
      if (produced > entry.uncompressedSize) throw new Error("More bytes than claimed.");
      crc = crc32(chunk, crc);
      onChunk(chunk);
    }
  } catch {
    throw invalid(`The archive's entry ${entry.name} is damaged or larger than it claims.`);
  }
  if (produced !== entry.uncompressedSize || crc !== entry.record.crc32)
    throw invalid(`The archive's entry ${entry.name} is damaged.`);
}

/** One entry's bytes, inflated, refusing to produce more than `maxBytes`. */
export async function readZipEntry(
  archive: TZipArchive,
  entry: TZipEntry,
  maxBytes: number,
): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw tooLarge(`${entry.name} is too large to read.`);
  const chunks: Buffer[] = [];
  await inflateEntry(archive, entry, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/**
 * Inflates every entry without keeping it, to prove that the directory told the truth: no entry
 * yields more or fewer bytes than it claims (the directory's sizes are what the limits checked),
 * and every checksum matches. Work is bounded by the limits the directory already passed.
 */
export async function verifyZipEntries(archive: TZipArchive): Promise<void> {
  for (const entry of archive.entries) await inflateEntry(archive, entry, () => {});
}
