// A small, strict reader of zip archives (the OOXML documents are zips): the central directory is
// read without trusting it, and nothing is ever extracted to disk. It refuses archive bombs (too
// many entries, too many bytes once inflated, a suspicious compression ratio, overlapping
// entries), encrypted entries and names that would escape a folder if anyone extracted them.
import { Readable } from "node:stream";
import { crc32, createInflateRaw, inflateRawSync } from "node:zlib";

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
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  crc: number;
  /** Where the entry's local header starts in the archive. */
  headerOffset: number;
  /** Where the entry's compressed bytes start in the archive. */
  dataOffset: number;
};

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

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const STORED = 0;
const DEFLATED = 8;

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;

/** A 64-bit size as a number; anything past 2^53 is far beyond every limit anyway. */
const uint64 = (bytes: Buffer, offset: number) => {
  const value = bytes.readBigUInt64LE(offset);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
};

function findEndOfDirectory(bytes: Buffer): number {
  // 22 bytes of record, then a comment of at most 65,535 bytes.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= earliest; offset--) {
    if (
      bytes.readUInt32LE(offset) === END_OF_DIRECTORY &&
      offset + 22 + bytes.readUInt16LE(offset + 20) === bytes.length
    )
      return offset;
  }
  throw invalid("The archive has no central directory.");
}

/** Where the central directory starts, how long it is and how many entries it claims. */
function readDirectoryBounds(bytes: Buffer) {
  const end = findEndOfDirectory(bytes);
  if (bytes.readUInt16LE(end + 4) !== 0 || bytes.readUInt16LE(end + 6) !== 0)
    throw invalid("Archives split over several disks are not accepted.");
  let count = bytes.readUInt16LE(end + 10);
  let size = bytes.readUInt32LE(end + 12);
  let start = bytes.readUInt32LE(end + 16);
  let directoryEnd = end;
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR)
      throw invalid("The archive's zip64 directory is missing.");
    const record = uint64(bytes, locator + 8);
    if (record + 56 > locator || bytes.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY)
      throw invalid("The archive's zip64 directory is damaged.");
    count = uint64(bytes, record + 32);
    size = uint64(bytes, record + 40);
    start = uint64(bytes, record + 48);
    directoryEnd = record;
  }
  if (start + size > directoryEnd) throw invalid("The archive's central directory is damaged.");
  return { start, size, count };
}

/** A name that would land outside the folder it is extracted into, or that no tool should see. */
export function isUnsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return true;
  if (/[\p{Cc}\\]/u.test(name)) return true;
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return true;
  return name.split("/").some((part) => part === "..");
}

/**
 * The entries of a zip archive, from its central directory, checked against `limits` before any
 * byte is inflated. Throws a ZipRejection.
 */
export function readZipDirectory(bytes: Buffer, limits: TZipLimits = ZIP_LIMITS): TZipEntry[] {
  if (!isZip(bytes)) throw invalid("The file is not a zip archive.");
  const { start, size, count } = readDirectoryBounds(bytes);
  if (count > limits.entries)
    throw tooLarge(`The archive holds more than ${limits.entries} entries.`);

  const entries: TZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let offset = start;
  const directoryEnd = start + size;
  while (offset < directoryEnd) {
    if (entries.length >= limits.entries)
      throw tooLarge(`The archive holds more than ${limits.entries} entries.`);
    if (offset + 46 > directoryEnd || bytes.readUInt32LE(offset) !== CENTRAL_HEADER)
      throw invalid("The archive's central directory is damaged.");
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const crc = bytes.readUInt32LE(offset + 16);
    let compressedSize = bytes.readUInt32LE(offset + 20);
    let uncompressedSize = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const disk = bytes.readUInt16LE(offset + 34);
    let localOffset = bytes.readUInt32LE(offset + 42);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw invalid("The archive's central directory is damaged.");

    const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
    // Bit 11: the name is UTF-8; otherwise it is CP437, where every byte below 0x80 is ASCII.
    const name = flags & 0x800 ? nameBytes.toString("utf8") : nameBytes.toString("latin1");

    // Sizes and offset that did not fit 32 bits are in the zip64 extra field, in this order.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = bytes.readUInt16LE(extra);
      const length = bytes.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const fieldEnd = field + length;
        const take = () => {
          if (field + 8 > fieldEnd) throw invalid("The archive's zip64 fields are damaged.");
          const value = uint64(bytes, field);
          field += 8;
          return value;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localOffset === 0xffffffff) localOffset = take();
      }
      extra += 4 + length;
    }

    if (flags & 0x1) throw invalid("Encrypted archives are not accepted.");
    if (disk !== 0) throw invalid("Archives split over several disks are not accepted.");
    if (method !== STORED && method !== DEFLATED)
      throw invalid("The archive uses a compression method other than deflate.");
    if (method === STORED && compressedSize !== uncompressedSize)
      throw invalid("The archive's central directory is damaged.");
    if (isUnsafeEntryName(name))
      throw invalid("The archive holds an entry whose name leaves its folder.");
    if (names.has(name)) throw invalid("The archive holds two entries of the same name.");
    names.add(name);

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

    // The local header repeats the name; its own lengths tell where the data starts.
    if (localOffset + 30 > start || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER)
      throw invalid("The archive's entries are damaged.");
    const dataOffset =
      localOffset +
      30 +
      bytes.readUInt16LE(localOffset + 26) +
      bytes.readUInt16LE(localOffset + 28);
    if (dataOffset + compressedSize > start) throw invalid("The archive's entries are damaged.");
    entries.push({
      name,
      method,
      compressedSize,
      uncompressedSize,
      crc,
      headerOffset: localOffset,
      dataOffset,
    });
    offset = next;
  }
  if (entries.length !== count) throw invalid("The archive's central directory is damaged.");

  // Entries that share bytes are how the smallest bombs multiply one compressed stream.
  const byOffset = [...entries].sort((a, b) => a.headerOffset - b.headerOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const previous = byOffset[i - 1]!;
    if (previous.dataOffset + previous.compressedSize > byOffset[i]!.headerOffset)
      throw invalid("The archive's entries overlap.");
  }
  return entries;
}

/** One entry's bytes, inflated, refusing to produce more than `maxBytes`. */
export function readZipEntry(bytes: Buffer, entry: TZipEntry, maxBytes: number): Buffer {
  if (entry.uncompressedSize > maxBytes) throw tooLarge(`${entry.name} is too large to read.`);
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let output: Buffer;
  try {
    output =
      entry.method === STORED
        ? data
        : inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch {
    throw invalid(`The archive's entry ${entry.name} is damaged.`);
  }
  if (output.length !== entry.uncompressedSize || crc32(output) !== entry.crc)
    throw invalid(`The archive's entry ${entry.name} is damaged.`);
  return output;
}

/**
 * Inflates every entry without keeping it, to prove that the directory told the truth: no entry
 * yields more bytes than it claims (the directory's sizes are what the limits checked), and every
 * checksum matches. Work is bounded by the limits the directory already passed.
 */
export async function verifyZipEntries(bytes: Buffer, entries: TZipEntry[]): Promise<void> {
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    if (entry.method === STORED) {
      if (crc32(data) !== entry.crc) throw invalid(`The archive's entry ${entry.name} is damaged.`);
      continue;
    }
    let produced = 0;
    let crc = 0;
    const inflate = createInflateRaw();
    try {
      for await (const chunk of Readable.from([data]).pipe(inflate)) {
        produced += (chunk as Buffer).length;
        if (produced > entry.uncompressedSize)
          throw invalid(`The archive's entry ${entry.name} is larger than it claims.`);
        crc = crc32(chunk as Buffer, crc);
      }
    } catch (error) {
      inflate.destroy();
      if (error instanceof ZipRejection) throw error;
      throw invalid(`The archive's entry ${entry.name} is damaged.`);
    }
    if (produced !== entry.uncompressedSize || crc !== entry.crc)
      throw invalid(`The archive's entry ${entry.name} is damaged.`);
  }
}
