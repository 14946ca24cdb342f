// Upload vetting: types told by content only, the document kind (PDF, OOXML, text, CSV, images),
// zip bombs and dangerous archives, image pixel bombs, size limits and display names.
import { crc32 } from "node:zlib";
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
import {
  buildZip,
  contentTypesXml,
  deflatedZeros,
  MAIN_TYPES,
  MB,
  office,
  pdf,
  png,
  pngHeaderOnly,
} from "./upload-fixtures";

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

  it.each([
    ["png", "image/png", "photo.jpg"],
    ["jpeg", "image/jpeg", "photo.png"],
    ["webp", "image/webp", "photo.gif"],
    ["gif", "image/gif", "photo.webp"],
    ["avif", "image/avif", "photo.pdf"],
  ] as const)(
    "tells a %s by its bytes, not by its name (%s sent as %s)",
    async (format, type, name) => {
      const body = await sharp({
        create: { width: 24, height: 16, channels: 3, background: "#1554d1" },
      })
        .toFormat(format)
        .toBuffer();
      for (const kind of ["image", "document"] as const) {
        expect(await inspectUpload(body, kind, name)).toMatchObject({
          contentType: type,
          extension: format === "jpeg" ? "jpg" : format,
          width: 24,
          height: 16,
        });
      }
    },
  );

  it("takes an animated PNG as a PNG", async () => {
    // An acTL chunk before the image data is what makes a PNG animated (APNG).
    const still = await png(8, 8);
    const acTL = Buffer.alloc(20);
    acTL.writeUInt32BE(8, 0);
    acTL.write("acTL", 4, "latin1");
    acTL.writeUInt32BE(1, 8);
    acTL.writeUInt32BE(crc32(acTL.subarray(4, 16)), 16);
    // Right after the 8-byte signature and the 25-byte IHDR chunk.
    const animated = Buffer.concat([still.subarray(0, 33), acTL, still.subarray(33)]);
    expect(await verdict(animated, "image")).toEqual({ ok: "png", contentType: "image/png" });
  });

  it("keeps text that merely begins like an image's signature as text", async () => {
    for (const text of ["GIFs for the opening night slideshow\n", "BMX track, lane 2\n"]) {
      expect(await verdict(Buffer.from(text), "document")).toEqual({
        ok: "txt",
        contentType: "text/plain; charset=utf-8",
      });
      expect(await verdict(Buffer.from(text), "image")).toEqual({
        code: "UNSUPPORTED_FILE_TYPE",
        status: 415,
      });
    }
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
    expect(typeOfKey(key)).toEqual(await sniffType(upload.body));
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
    const { entries } = await readZipDirectory(liar);
    expect(entries.find((entry) => entry.name === "word/liar.xml")?.uncompressedSize).toBe(10);
    // ...but inflating shows the lie.
    expect(await verdict(liar, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_INVALID",
      status: 415,
    });
  });

  it("refuses entries that share their bytes, and damaged checksums", async () => {
    // A second record for the first entry's bytes, alike in all but its name: only the overlap tells.
    const [part, type] = MAIN_TYPES.docx;
    const overlapping = office("docx", [
      { name: "word/again.xml", data: contentTypesXml(part, type), centralOnlyAt: 0 },
    ]);
    await expect(readZipDirectory(overlapping)).rejects.toThrow(/overlap/);
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

  it("refuses a directory that overstates an entry, and stops an understated one at its claim", async () => {
    const data = Buffer.from("<p>short</p>");
    const overstated = office("docx", [{ name: "word/long.xml", data, uncompressedSize: 5000 }]);
    expect(await verdict(overstated, "document")).toEqual({
      code: "UPLOAD_ARCHIVE_INVALID",
      status: 415,
    });
    // 200 MB of zeros that claim to be 1,000 bytes: under every limit until inflated.
    const zeros = await deflatedZeros(200 * MB);
    const bomb = office("docx", [
      {
        name: "word/small.xml",
        compressed: zeros.compressed,
        crc: zeros.crc,
        uncompressedSize: 1000,
      },
    ]);
    await expect(sniffOfficeDocument(bomb)).rejects.toThrow(/larger than it claims/);
  });

  it("refuses an end record that counts fewer or more entries than the directory holds", async () => {
    const setCount = (zip: Buffer, count: number) => {
      zip.writeUInt16LE(count, zip.length - 22 + 8);
      zip.writeUInt16LE(count, zip.length - 22 + 10);
      return zip;
    };
    // Counting one fewer would hide the last entry (a macro) from a reader that trusts the count.
    const hidden = setCount(
      office("docx", [{ name: "word/vbaProject.bin", data: Buffer.from("x") }]),
      4,
    );
    const overcounted = setCount(office("docx"), 5);
    for (const zip of [hidden, overcounted]) {
      expect(await verdict(zip, "document")).toEqual({
        code: "UPLOAD_ARCHIVE_INVALID",
        status: 415,
      });
    }
  });

  it("refuses encrypted entries and compression methods other than deflate", async () => {
    const encrypted = office("docx", [
      { name: "word/secret.xml", data: Buffer.from("x"), flags: 0x801 },
    ]);
    const bzip2 = office("docx", [
      { name: "word/b.xml", method: 12, compressed: Buffer.from("BZh9"), uncompressedSize: 10 },
    ]);
    await expect(sniffOfficeDocument(encrypted)).rejects.toThrow(/Encrypted/);
    await expect(sniffOfficeDocument(bzip2)).rejects.toThrow(/compression method/);
    for (const zip of [encrypted, bzip2]) {
      expect(await verdict(zip, "document")).toEqual({
        code: "UPLOAD_ARCHIVE_INVALID",
        status: 415,
      });
    }
  });

  it("refuses a name that escapes only in its Info-ZIP Unicode path, or hides a control byte in CP437", async () => {
    // Field 0x7075: version 1, the CRC of the plain name, then the name tools that honour it use.
    const plain = "word/fine.xml";
    const unicode = Buffer.from("../../evil.xml");
    const field = Buffer.alloc(9);
    field.writeUInt16LE(0x7075, 0);
    field.writeUInt16LE(5 + unicode.length, 2);
    field.writeUInt8(1, 4);
    field.writeUInt32LE(crc32(Buffer.from(plain)), 5);
    const escaping = office("docx", [
      { name: plain, data: Buffer.from("x"), extra: Buffer.concat([field, unicode]) },
    ]);
    // Without the UTF-8 flag a name is CP437, where byte 0x01 reads as "☺".
    const control = office("docx", [{ name: "word/\u0001.xml", data: Buffer.from("x"), flags: 0 }]);
    for (const zip of [escaping, control]) {
      await expect(readZipDirectory(zip)).rejects.toThrow(/leaves its folder/);
      expect(await verdict(zip, "document")).toEqual({
        code: "UPLOAD_ARCHIVE_INVALID",
        status: 415,
      });
    }
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
    await expect(readZipDirectory(zip)).rejects.toThrow(ZipRejection);
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
    const res = await send("document", office("docx"), "Plan\u0001.png", "image/png");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      extension: "docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      displayName: "Plan.png",
      width: null,
      height: null,
    });
  });

  it.each(["../../etc/Plan.docx", "..\\..\\Plan.docx", "reports/Plan.docx", ".."])(
    "refuses the name %j with 400 UNSAFE_FILE_NAME",
    async (name) => {
      const res = await send("document", office("docx"), name);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("UNSAFE_FILE_NAME");
    },
  );

  it("answers a form cut short (no closing boundary) with 400, not 500", async () => {
    const boundary = "----hostfield-files-test";
    const res = await app.inject({
      method: "POST",
      url: "/upload/document",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf(1000),
      ]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
    // Cut inside the part's own headers.
    const early = await app.inject({
      method: "POST",
      url: "/upload/document",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="fi`,
    });
    expect(early.statusCode, early.body).toBe(400);
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
