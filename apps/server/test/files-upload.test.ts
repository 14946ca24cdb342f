// Upload vetting: types told by content only, the document kind (PDF, OOXML, text, CSV, images),
// zip bombs and dangerous archives, image pixel bombs, size limits and display names.
import { once } from "node:events";
import { crc32, createDeflateRaw, deflateRawSync, deflateSync } from "node:zlib";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffOfficeDocument, sniffType, typeOfKey } from "../src/platform/files/sniff";
import {
  cleanDisplayName,
  inspectUpload,
  newFileKey,
  readUpload,
  type TUploadKind,
  UPLOAD_LIMITS,
} from "../src/platform/files/upload";
import { isUnsafeEntryName, readZipDirectory, ZipRejection } from "../src/platform/files/zip";
import { registerErrorHandling } from "../src/platform/http/errors";

const MB = 1024 * 1024;

// --- Building test files -------------------------------------------------------------------------

type TZipInput = {
  name: string;
  data?: Buffer;
  method?: 0 | 8;
  /** Overrides, to build archives whose directory lies. */
  compressed?: Buffer;
  crc?: number;
  uncompressedSize?: number;
  /** Only a central directory record, pointing at another entry's local header. */
  centralOnlyAt?: number;
};

/** A zip archive as Office and most tools write one (no data descriptors, UTF-8 names). */
function buildZip(entries: TZipInput[]): Buffer {
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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.centralOnlyAt ?? offset, 42);
    centrals.push(central, name);
    if (entry.centralOnlyAt === undefined) {
      locals.push(local, name, compressed);
      offset += 30 + name.length + compressed.length;
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

const MAIN_TYPES = {
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

const contentTypesXml = (part: string, type: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${type}"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  );

/** A minimal Office document of `kind`, plus any extra entries. */
function office(kind: keyof typeof MAIN_TYPES, extra: TZipInput[] = []): Buffer {
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
async function deflatedZeros(bytes: number): Promise<{ compressed: Buffer; crc: number }> {
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

const pdf = (extra = 0) =>
  Buffer.concat([
    Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    Buffer.alloc(extra, 0x20),
    Buffer.from("\n%%EOF\n"),
  ]);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1554d1" } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width` x `height` over a tiny compressed body: a pixel bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
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

/** The AppError code and status an inspection throws, or "ok" with the sniffed type. */
async function verdict(body: Buffer, kind: TUploadKind) {
  try {
    const upload = await inspectUpload(body, kind, "upload.bin");
    return { ok: upload.extension, contentType: upload.contentType };
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (!code) throw error;
    return { code, status: statusCode };
  }
}

// --- Content sniffing ----------------------------------------------------------------------------

describe("types are told by content, never by name", () => {
  it("refuses a PHP script named .png, as an image and as a document", async () => {
    const php = Buffer.from("<?php system($_GET['c']); ?>\n");
    expect(await verdict(php, "image")).toEqual({ code: "UNSUPPORTED_FILE_TYPE", status: 415 });
    // Markup is not plain text: an HTML, SVG or PHP page is refused as a document too.
    expect(await verdict(php, "document")).toEqual({
      code: "UNSUPPORTED_FILE_TYPE",
      status: 415,
    });
    expect(await verdict(Buffer.from("<!doctype html><script>x</script>"), "document")).toEqual({
      code: "UNSUPPORTED_FILE_TYPE",
      status: 415,
    });
  });

  it("accepts a PDF as a document and refuses it as an image", async () => {
    expect(await verdict(pdf(), "document")).toEqual({
      ok: "pdf",
      contentType: "application/pdf",
    });
    expect(await verdict(pdf(), "image")).toEqual({ code: "UNSUPPORTED_FILE_TYPE", status: 415 });
  });

  it.each([
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
  ] as const)(
    "accepts a generated %s by its [Content_Types].xml and main part",
    async (kind, type) => {
      expect(await verdict(office(kind), "document")).toEqual({ ok: kind, contentType: type });
      expect(await verdict(office(kind), "image")).toEqual({
        code: "UNSUPPORTED_FILE_TYPE",
        status: 415,
      });
    },
  );

  it("refuses zips that are not Office documents, macro-enabled ones, and a missing main part", async () => {
    const plainZip = buildZip([{ name: "notes.txt", data: Buffer.from("hello") }]);
    const macro = office("docm");
    const withVba = office("docx", [{ name: "word/vbaProject.bin", data: Buffer.from("vba") }]);
    const [part, type] = MAIN_TYPES.docx;
    const noMainPart = buildZip([
      { name: "[Content_Types].xml", data: contentTypesXml(part, type) },
    ]);
    for (const zip of [plainZip, macro, withVba, noMainPart]) {
      expect(await verdict(zip, "document")).toEqual({
        code: "UNSUPPORTED_FILE_TYPE",
        status: 415,
      });
    }
  });

  it("accepts UTF-8 text and CSV, and refuses other encodings and binary bytes", async () => {
    expect(await verdict(Buffer.from("Tournament notes\nCourt 1 – 9:00 ✓\n"), "document")).toEqual({
      ok: "txt",
      contentType: "text/plain; charset=utf-8",
    });
    const csv = 'name,city,"capacity, seated"\nArena,Lyon,"12,000"\nHall,Nice,800\n';
    expect(await verdict(Buffer.from(csv), "document")).toEqual({
      ok: "csv",
      contentType: "text/csv; charset=utf-8",
    });
    expect(await verdict(Buffer.from("a;b;c\r\n1;2;3\r\n4;5;6"), "document")).toMatchObject({
      ok: "csv",
    });
    // Latin-1 "café" is not valid UTF-8; a NUL byte makes text binary.
    expect(await verdict(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), "document")).toMatchObject({
      code: "UNSUPPORTED_FILE_TYPE",
    });
    expect(await verdict(Buffer.from("text\u0000more text"), "document")).toMatchObject({
      code: "UNSUPPORTED_FILE_TYPE",
    });
    expect(await verdict(Buffer.alloc(0), "document")).toMatchObject({
      code: "UNSUPPORTED_FILE_TYPE",
    });
    expect(await verdict(Buffer.from("just some text"), "image")).toMatchObject({
      code: "UNSUPPORTED_FILE_TYPE",
    });
  });

  it("accepts images as documents with the image checks, and keys map back to their types", async () => {
    const upload = await inspectUpload(await png(64, 48), "document", "photo.PDF");
    expect(upload).toMatchObject({
      extension: "png",
      contentType: "image/png",
      width: 64,
      height: 48,
    });
    const key = newFileKey("profiles", upload.extension);
    expect(key).toMatch(/^profiles\/[0-9a-f-]{36}\.png$/);
    expect(typeOfKey(key)).toEqual(sniffType(upload.body));
    expect(typeOfKey(newFileKey("profiles", "docx"))?.kind).toBe("document");
    expect(typeOfKey("profiles/x.exe")).toBeNull();
    expect(typeOfKey("profiles/x.constructor")).toBeNull();
  });

  it("refuses a 20,000 x 20,000 PNG from its header alone, in either kind", async () => {
    const bomb = pngHeaderOnly(20_000, 20_000);
    // Decoding this body would fail (UNREADABLE_IMAGE): IMAGE_TOO_LARGE shows the header decided.
    expect(await verdict(bomb, "image")).toEqual({ code: "IMAGE_TOO_LARGE", status: 413 });
    expect(await verdict(bomb, "document")).toEqual({ code: "IMAGE_TOO_LARGE", status: 413 });
    expect(await verdict(pngHeaderOnly(100, 100), "document")).toEqual({
      code: "UNREADABLE_IMAGE",
      status: 415,
    });
  });
});

// --- Archives ------------------------------------------------------------------------------------

describe("zip archives are read from their directory and refused when dangerous", () => {
  it("refuses a 200 MB run of zeros deflated into a docx, before inflating it", async () => {
    const zeros = await deflatedZeros(200 * MB);
    expect(zeros.compressed.length).toBeLessThan(MB);
    const bomb = office("docx", [
      {
        name: "word/media/zeros.bin",
        compressed: zeros.compressed,
        crc: zeros.crc,
        uncompressedSize: 200 * MB,
      },
    ]);
    expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.document.bytes);
    expect(await verdict(bomb, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_TOO_LARGE",
      status: 413,
    });
    // A plain zip bomb is refused the same way, not merely as an unknown type.
    const plain = buildZip([
      {
        name: "zeros.bin",
        compressed: zeros.compressed,
        crc: zeros.crc,
        uncompressedSize: 200 * MB,
      },
    ]);
    expect(await verdict(plain, "document")).toMatchObject({ code: "UPLOAD_ARCHIVE_TOO_LARGE" });
  });

  it("refuses an entry compressed more than 100:1 even when the total is under 100 MB", async () => {
    const zeros = await deflatedZeros(50 * MB);
    const bomb = office("xlsx", [
      {
        name: "xl/zeros.bin",
        compressed: zeros.compressed,
        crc: zeros.crc,
        uncompressedSize: 50 * MB,
      },
    ]);
    await expect(sniffOfficeDocument(bomb)).rejects.toThrow(/compressed more than 100:1/);
    expect(await verdict(bomb, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_TOO_LARGE",
      status: 413,
    });
  });

  it("refuses more than 10,000 entries", async () => {
    const many = office(
      "docx",
      Array.from({ length: 10_000 }, (_, i) => ({ name: `word/e${i}.xml`, method: 0 as const })),
    );
    expect(await verdict(many, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_TOO_LARGE",
      status: 413,
    });
  });

  it("refuses a directory that understates what an entry inflates to", async () => {
    const data = Buffer.alloc(MB, 0x61);
    const liar = office("docx", [
      { name: "word/liar.xml", data, uncompressedSize: 10, crc: crc32(data.subarray(0, 10)) },
    ]);
    // The directory alone looks harmless...
    expect(() => readZipDirectory(liar)).not.toThrow();
    // ...but inflating shows the lie.
    expect(await verdict(liar, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_INVALID",
      status: 415,
    });
  });

  it("refuses entries that share their bytes, and damaged checksums", async () => {
    const overlapping = office("docx", [{ name: "word/again.xml", centralOnlyAt: 0 }]);
    expect(await verdict(overlapping, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_INVALID",
      status: 415,
    });
    const damaged = office("docx", [{ name: "word/bad.xml", data: Buffer.from("x"), crc: 1 }]);
    expect(await verdict(damaged, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_INVALID",
      status: 415,
    });
    const truncated = office("docx").subarray(0, 200);
    expect(await verdict(truncated, "document")).toMatchObject({ status: 415 });
  });

  it.each([
    "../../etc/cron.d/evil",
    "word/../../outside.xml",
    "/etc/passwd",
    "C:/Windows/win.ini",
    "word\\..\\..\\evil.xml",
    "word/\u0000.xml",
  ])("refuses an entry named %j", async (name) => {
    expect(isUnsafeEntryName(name)).toBe(true);
    const zip = office("docx", [{ name, data: Buffer.from("x") }]);
    expect(() => readZipDirectory(zip)).toThrow(ZipRejection);
    expect(await verdict(zip, "document")).toEqual({ code: "UPLOAD_ARCHIVE_INVALID", status: 415 });
  });

  it("accepts ordinary part names", () => {
    for (const name of ["[Content_Types].xml", "word/_rels/document.xml.rels", "xl/media/a b..png"])
      expect(isUnsafeEntryName(name)).toBe(false);
  });
});

// --- Display names -------------------------------------------------------------------------------

describe("display names", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["..\\..\\Windows\\win.ini", "win.ini"],
    ["C:\\Users\\pia\\Season plan.pdf", "Season plan.pdf"],
    ["report\u0000\u0007\r\n.pdf", "report.pdf"],
    ["invoice\u202egpj.exe", "invoicegpj.exe"],
    ['<img src=x onerror="alert(1)">.pdf', "img src=x onerror=alert(1).pdf"],
    ["...hidden", "hidden"],
    ["", "file"],
    [undefined, "file"],
    ["../..", "file"],
  ])("%j is shown as %j", (name, expected) => {
    expect(cleanDisplayName(name)).toBe(expected);
  });

  it("keeps at most 120 characters and never splits one", () => {
    expect(cleanDisplayName(`${"a".repeat(200)}.pdf`)).toHaveLength(120);
    const emoji = cleanDisplayName("🏟".repeat(130));
    expect(Array.from(emoji)).toHaveLength(120);
    // No half of a surrogate pair is left behind.
    expect(emoji).not.toMatch(/\p{Cs}/u);
  });
});

// --- Through HTTP: readUpload --------------------------------------------------------------------

describe("readUpload over multipart", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    // As the app registers it: the largest kind's limit; each readUpload narrows it.
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_LIMITS.document.bytes, files: 1 },
    });
    app.post<{ Params: { kind: TUploadKind } }>("/upload/:kind", async (request) => {
      const { body, ...rest } = await readUpload(request, request.params.kind);
      return { ...rest, bytes: body.length };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (kind: string, file: Buffer, filename: string, claimed = "image/png") => {
    const boundary = "----hostfield-files-test";
    return app.inject({
      method: "POST",
      url: `/upload/${kind}`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${claimed}\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it("reads a document whatever its claimed name and type, with a clean display name", async () => {
    const res = await send("document", office("docx"), "../../etc/Plan\u0001.png", "image/png");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      extension: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      displayName: "Plan.png",
      width: null,
      height: null,
    });
  });

  it("allows documents up to 25 MB and refuses larger ones with 413 FILE_TOO_LARGE", async () => {
    const twentyMb = await send("document", pdf(20 * MB), "big.pdf", "application/pdf");
    expect(twentyMb.statusCode).toBe(200);
    expect(twentyMb.json()).toMatchObject({ extension: "pdf" });
    const tooBig = await send("document", pdf(26 * MB), "huge.pdf", "application/pdf");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({ code: "FILE_TOO_LARGE" });
    expect(tooBig.json().error.message).toContain("25 MB");
    // Images keep their 15 MB limit.
    const bigImage = await send("image", pdf(20 * MB), "big.png");
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json().error.message).toContain("15 MB");
  });

  it("answers a zip bomb with 413 UPLOAD_ARCHIVE_TOO_LARGE and an unknown type with 415", async () => {
    const zeros = await deflatedZeros(200 * MB);
    const bomb = office("docx", [
      {
        name: "word/zeros.bin",
        compressed: zeros.compressed,
        crc: zeros.crc,
        uncompressedSize: 200 * MB,
      },
    ]);
    const res = await send("document", bomb, "report.docx");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("UPLOAD_ARCHIVE_TOO_LARGE");
    const unknown = await send(
      "document",
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      "a.pdf",
    );
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().error.code).toBe("UNSUPPORTED_FILE_TYPE");
  });
});
