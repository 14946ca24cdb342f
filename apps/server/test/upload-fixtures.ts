// Files for upload tests, built in memory: zip archives (whose directory may lie), minimal Office
// documents, deflated runs of zeros for zip bombs, PDFs and PNGs (real ones, or a header only).
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { crc32, createDeflateRaw, deflateRawSync, deflateSync } from "node:zlib";
import sharp from "sharp";

export const MB = 1024 * 1024;

export type TZipInput = {
  name: string;
  data?: Buffer;
  /** 0 (stored) or 8 (deflated) as written; any other method needs `compressed`. */
  method?: number;
  /** General purpose flags; 0x800 (UTF-8 name) unless given. */
  flags?: number;
  /** Extra fields, in both headers. */
  extra?: Buffer;
  /** Overrides, to build archives whose directory lies. */
  compressed?: Buffer;
  crc?: number;
  uncompressedSize?: number;
  /** Only a central directory record, pointing at another entry's local header. */
  centralOnlyAt?: number;
};

/** A zip archive as Office and most tools write one (no data descriptors, UTF-8 names). */
export function buildZip(entries: TZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const compressed = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const crc = entry.crc ?? crc32(data);
    const size = entry.uncompressedSize ?? data.length;
    const flags = entry.flags ?? 0x800;
    const extra = entry.extra ?? Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(entry.centralOnlyAt ?? offset, 42);
    centrals.push(central, name, extra);
    if (entry.centralOnlyAt === undefined) {
      locals.push(local, name, extra, compressed);
      offset += 30 + name.length + extra.length + compressed.length;
    }
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const MAIN_TYPES = {
  docx: [
    "word/document.xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  ],
  xlsx: [
    "xl/workbook.xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  ],
  pptx: [
    "ppt/presentation.xml",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
  ],
  docm: ["word/document.xml", "application/vnd.ms-word.document.macroEnabled.main+xml"],
} as const;

export const contentTypesXml = (part: string, type: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  );

/** A minimal Office document of `kind`, plus any extra entries. */
export function office(kind: keyof typeof MAIN_TYPES, extra: TZipInput[] = []): Buffer {
  const [part, type] = MAIN_TYPES[kind];
  return buildZip([
    { name: "[Content_Types].xml", data: contentTypesXml(part, type) },
    {
      name: "_rels/.rels",
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`,
      ),
    },
    {
      name: part,
      data: Buffer.from(`<?xml version="1.0"?><root>${"<p>Hello</p>".repeat(50)}</root>`),
    },
    { name: "docProps/core.xml", data: Buffer.from("<?xml version='1.0'?><coreProperties/>") },
    ...extra,
  ]);
}

/** `bytes` zeros, deflated as a stream (never held inflated in memory), and their CRC. */
export async function deflatedZeros(bytes: number): Promise<{ compressed: Buffer; crc: number }> {
  const chunk = Buffer.alloc(MB);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (data: Buffer) => out.push(data));
  const ended = once(deflate, "end");
  let crc = 0;
  for (let written = 0; written < bytes; written += chunk.length) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, "drain");
  }
  deflate.end();
  await ended;
  return { compressed: Buffer.concat(out), crc };
}

export const pdf = (extra = 0) =>
  Buffer.concat([
    Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    Buffer.alloc(extra, 0x20),
    Buffer.from("\n%%EOF\n"),
  ]);

export const png = (width: number, height: number, color = "#1554d1") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width` x `height` over a tiny compressed body: a pixel bomb's shape. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Every file the app's disk store (under `dataDir`) holds, by path. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "files");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}
