// File types by their first bytes, never by the name or the declared content type.

export type TSniffedType = { contentType: string; extension: string; kind: "image" | "document" };

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString("latin1");

export function sniffType(bytes: Buffer): TSniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: "image/png", extension: "png", kind: "image" };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { contentType: "image/jpeg", extension: "jpg", kind: "image" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { contentType: "image/webp", extension: "webp", kind: "image" };
  }
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") {
    return { contentType: "image/gif", extension: "gif", kind: "image" };
  }
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) {
    return { contentType: "image/avif", extension: "avif", kind: "image" };
  }
  if (ascii(bytes, 0, 5) === "%PDF-")
    return { contentType: "application/pdf", extension: "pdf", kind: "document" };
  return null;
}

const BY_EXTENSION: Record<string, TSniffedType> = {
  png: { contentType: "image/png", extension: "png", kind: "image" },
  jpg: { contentType: "image/jpeg", extension: "jpg", kind: "image" },
  webp: { contentType: "image/webp", extension: "webp", kind: "image" },
  gif: { contentType: "image/gif", extension: "gif", kind: "image" },
  avif: { contentType: "image/avif", extension: "avif", kind: "image" },
  pdf: { contentType: "application/pdf", extension: "pdf", kind: "document" },
};

/** The type of a stored file from its key: keys end in the extension that sniffing chose. */
export function typeOfKey(key: string): TSniffedType | null {
  return BY_EXTENSION[key.slice(key.lastIndexOf(".") + 1)] ?? null;
}
