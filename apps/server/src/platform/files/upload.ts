// Reads one uploaded file from a multipart request and vets it: size, real type, image pixels.
import { randomUUID } from "node:crypto";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import sharp from "sharp";
import { AppError, badRequest } from "../http/errors";
import { sniffType } from "./sniff";

export const UPLOAD_LIMITS = {
  image: { bytes: 15 * 1024 * 1024, pixels: 40_000_000 },
  document: { bytes: 25 * 1024 * 1024 },
} as const;

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
const unsupported = (kind: string) =>
  new AppError(
    "UNSUPPORTED_FILE_TYPE",
    415,
    kind === "image" ? "Upload a PNG, JPEG, WebP, GIF or AVIF image." : "Upload a PDF document.",
  );

export function cleanDisplayName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // Control characters, path pieces and markup have no business in a title.
  const cleaned = base
    .replace(/[\p{Cc}<>:"|?*]/gu, "")
    .replace(/^\.+/, "")
    .trim();
  return cleaned.slice(0, 120) || "file";
}

export async function readUpload(
  request: FastifyRequest,
  kind: "image" | "document",
): Promise<TUpload> {
  const limit = UPLOAD_LIMITS[kind].bytes;
  if (!request.isMultipart())
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      415,
      "Send the file as multipart/form-data in the field 'file'.",
    );
  const part = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!part) throw badRequest("FILE_MISSING", "Add a file in the field 'file'.");
  const body = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(limit);
    throw error;
  });
  if (part.file.truncated) throw tooLarge(limit);
  const type = sniffType(body);
  if (!type || type.kind !== kind) throw unsupported(kind);

  let width: number | null = null;
  let height: number | null = null;
  if (kind === "image") {
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
    displayName: cleanDisplayName(part.filename),
  };
}

export const newFileKey = (folder: string, extension: string) =>
  `${folder}/${randomUUID()}.${extension}`;
