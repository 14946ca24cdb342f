// Reads one uploaded file from a multipart request and vets it: size, real type (by content only),
// image pixels, archive bombs. The client's file name and content type decide nothing.
import { randomUUID } from "node:crypto";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { AppError, badRequest } from "../http/errors";
import { sniffOfficeDocument, sniffType, type TSniffedType } from "./sniff";
import { isZip, ZIP_LIMITS, ZipRejection } from "./zip";

export const UPLOAD_LIMITS = {
  image: { bytes: 15 * 1024 * 1024, pixels: 40_000_000 },
  /** PDF, docx, xlsx, pptx, plain text, CSV, or an image (which keeps the image limits). */
  document: { bytes: 25 * 1024 * 1024, archive: ZIP_LIMITS },
} as const;

/** image: PNG, JPEG, WebP, GIF, AVIF. document: any of those, PDF, docx, xlsx, pptx, text, CSV. */
export type TUploadKind = keyof typeof UPLOAD_LIMITS;

export type TUpload = {
  body: Buffer;
  contentType: string;
  extension: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The client's file name, cleaned, for display only; never used as a path. */
  displayName: string;
};

const tooLarge = (limit: number) =>
  new AppError(
    "FILE_TOO_LARGE",
    413,
    `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
  );
const unsupported = (kind: TUploadKind) =>
  new AppError(
    "UNSUPPORTED_FILE_TYPE",
    415,
    kind === "image"
      ? "Upload a PNG, JPEG, WebP, GIF or AVIF image."
      : "Upload a PDF, a Word, Excel or PowerPoint file (docx, xlsx, pptx), plain text, CSV or an image.",
  );
const archiveRefused = (rejection: ZipRejection) =>
  rejection.reason === "too-large"
    ? new AppError("UPLOAD_ARCHIVE_TOO_LARGE", 413, rejection.message)
    : new AppError("UPLOAD_ARCHIVE_INVALID", 415, rejection.message);

export const DISPLAY_NAME_MAX_LENGTH = 120;
// Bidirectional overrides and isolates can make "gpj.exe" read as "exe.jpg".
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A client's file name made fit for display: the last path part, no control or markup characters. */
export function cleanDisplayName(name: string | undefined): string {
  const base = (name ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  // Control characters, path pieces and markup have no business in a title.
  const cleaned = base
    .replace(/[\p{Cc}<>:"|?*]/gu, "")
    .replace(BIDI_CONTROLS, "")
    .replace(/^\.+/, "")
    .trim();
  // Cut by code points, so a character outside the BMP is never split in half.
  return Array.from(cleaned).slice(0, DISPLAY_NAME_MAX_LENGTH).join("").trim() || "file";
}

/**
 * A form that broke off or is malformed (busboy: "Unexpected end of multipart data") is the
 * sender's request, not our failure: 400. Fastify's own refusals keep their status.
 */
function brokenForm(error: unknown): never {
  if (typeof (error as { statusCode?: unknown }).statusCode === "number") throw error;
  throw badRequest(
    "VALIDATION_FAILED",
    "The upload was cut short or is not a well-formed form; send the file again.",
  );
}

/**
 * Reads the single file of a multipart request (field `file`) and vets it with inspectUpload.
 * Throws AppErrors: 415 UNSUPPORTED_MEDIA_TYPE (not multipart), 400 FILE_MISSING, 413
 * FILE_TOO_LARGE, 400 UNSAFE_FILE_NAME (a name with folders or `..`), and those of inspectUpload.
 */
export async function readUpload(request: FastifyRequest, kind: TUploadKind): Promise<TUpload> {
  const limit = UPLOAD_LIMITS[kind].bytes;
  if (!request.isMultipart())
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      415,
      "Send the file as multipart/form-data in the field 'file'.",
    );
  // The name arrives as sent (busboy would cut it to its last segment) so a path is seen and refused.
  const part = await request
    .file({ limits: { fileSize: limit, files: 1 }, preservePath: true })
    .catch(brokenForm);
  if (!part) throw badRequest("FILE_MISSING", "Add a file in the field 'file'.");
  const body = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(limit);
    return brokenForm(error);
  });
  if (part.file.truncated) throw tooLarge(limit);
  if (isPathLikeName(part.filename)) {
    throw badRequest(
      "UNSAFE_FILE_NAME",
      "The file name must be a plain name, without folders or '..' (it was not stored).",
    );
  }
  return inspectUpload(body, kind, part.filename);
}

/**
 * A browser sends a file's bare name; folders or `..` in it mean a hand-made request probing for
 * path traversal, which is refused outright (keys are generated anyway, never taken from names).
 */
export function isPathLikeName(name: string | undefined): boolean {
  if (!name) return false;
  return /[\\/]/.test(name) || /^\.\.?$/.test(name.trim());
}

/**
 * Vets an uploaded file's bytes for `kind`, by content only. Throws AppErrors: 413 FILE_TOO_LARGE,
 * 415 UNSUPPORTED_FILE_TYPE, 413 IMAGE_TOO_LARGE (over 40 megapixels, told from the header
 * alone), 415 UNREADABLE_IMAGE, and for documents that are zips (docx, xlsx, pptx) 413
 * UPLOAD_ARCHIVE_TOO_LARGE (a bomb: too many entries or bytes once unpacked, or an entry
 * compressed more than 100:1) or 415 UPLOAD_ARCHIVE_INVALID (damaged, encrypted, overlapping
 * entries, or entry names that leave their folder).
 */
export async function inspectUpload(
  body: Buffer,
  kind: TUploadKind,
  filename?: string,
): Promise<TUpload> {
  if (body.length > UPLOAD_LIMITS[kind].bytes) throw tooLarge(UPLOAD_LIMITS[kind].bytes);
  let type: TSniffedType | null = await sniffType(body);
  if (!type && kind === "document" && isZip(body)) {
    type = await sniffOfficeDocument(body, UPLOAD_LIMITS.document.archive).catch(
      (error: unknown) => {
        throw error instanceof ZipRejection ? archiveRefused(error) : error;
      },
    );
  }
  if (!type || (kind === "image" && type.kind !== "image")) throw unsupported(kind);

  let width: number | null = null;
  let height: number | null = null;
  if (type.kind === "image") {
    // An image keeps the image limits when it comes as a document.
    if (body.length > UPLOAD_LIMITS.image.bytes) throw tooLarge(UPLOAD_LIMITS.image.bytes);
    // metadata() reads the header only (no decoding), so the claimed size is checked before any
    // pixel is decompressed: that refuses decompression bombs.
    const meta = await sharp(body, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw unsupported(kind);
    if (meta.width * meta.height > UPLOAD_LIMITS.image.pixels) {
      throw new AppError("IMAGE_TOO_LARGE", 413, "The image has more than 40 megapixels.");
    }
    // Then one full decode: a sound header over a corrupt body is refused here, not served later.
    const decodes = await sharp(body, { limitInputPixels: UPLOAD_LIMITS.image.pixels })
      .resize(8)
      .toBuffer()
      .then(
        () => true,
        () => false,
      );
    if (!decodes)
      throw new AppError("UNREADABLE_IMAGE", 415, "The image file is damaged and cannot be read.");
    width = meta.width;
    height = meta.height;
  }
  return {
    body,
    contentType: type.contentType,
    extension: type.extension,
    size: body.length,
    width,
    height,
    displayName: cleanDisplayName(filename),
  };
}

/** A new, never reused key for a file in `folder` (e.g. "users"), ending in the sniffed extension. */
export const newFileKey = (folder: string, extension: string) =>
  `${folder}/${randomUUID()}.${extension}`;
