// How a fuzz call goes on the wire: the URL from a template, path values and a query; multipart
// uploads (a real PNG, PDF or calendar for the valid call, and broken files and forms for the
// mutations).
import { icsOf } from "../fakes/ics-feed";
import { pdf, png } from "../upload-fixtures";
import type { TFileMutation, TQuery } from "./mutations";
import type { TRandom } from "./prng";

/** The URL: `raw` values go in as given (a malformed variant), the rest encoded. */
export function urlOf(
  template: string,
  values: Record<string, string>,
  raw: ReadonlySet<string>,
  query: TQuery,
): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name] ?? "";
    if (raw.has(name)) return value;
    // The media path's slashes are its own.
    return name === "path"
      ? value.split("/").map(encodeURIComponent).join("/")
      : encodeURIComponent(value);
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(one)}`);
  return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
}

let validPng: Buffer | undefined;

/** The file a valid upload to this path sends: a calendar, a PDF, or a small PNG. */
async function validFile(template: string): Promise<{ name: string; bytes: Buffer }> {
  if (/\/availability\/file$/.test(template)) {
    return {
      name: "bookings.ics",
      bytes: Buffer.from(icsOf([["DTSTART;VALUE=DATE:20300601", "DTEND;VALUE=DATE:20300603"]])),
    };
  }
  if (/\/(documents|attachments)(\/|$)/.test(template)) return { name: "terms.pdf", bytes: pdf() };
  validPng ??= await png(40, 30, "#1554d1");
  return { name: "picture.png", bytes: validPng };
}

const BOUNDARY = "----hostfield-fuzz";

function form(parts: { name: string; filename?: string; bytes: Buffer }[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from("\r\n"),
    );
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export type TUpload = { description: string; payload: Buffer | string; contentType: string };

/** A multipart upload: the valid file, or one mutation of it. */
export async function uploadOf(
  template: string,
  mutation: TFileMutation | undefined,
  rng: TRandom,
): Promise<TUpload> {
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  const file = await validFile(template);
  const garbage = (n: number) => Buffer.from(Array.from({ length: n }, () => rng.int(256)));
  switch (mutation) {
    case undefined:
      return {
        description: `valid file ${file.name}`,
        payload: form([{ name: "file", filename: file.name, bytes: file.bytes }]),
        contentType,
      };
    case "garbage bytes":
      return {
        description: mutation,
        payload: form([{ name: "file", filename: file.name, bytes: garbage(2048) }]),
        contentType,
      };
    case "empty file":
      return {
        description: mutation,
        payload: form([{ name: "file", filename: file.name, bytes: Buffer.alloc(0) }]),
        contentType,
      };
    case "large garbage":
      return {
        description: mutation,
        payload: form([
          { name: "file", filename: file.name, bytes: Buffer.alloc(2 * 1024 * 1024, 0x41) },
        ]),
        contentType,
      };
    case "odd file name": {
      const name = rng.pick([
        "../../etc/passwd",
        "a\u0000b.png",
        `${"n".repeat(1000)}.png`,
        "🏀‮gnp.exe",
        "",
        "CON.png",
      ]);
      return {
        description: `${mutation} ${JSON.stringify(name.slice(0, 40))}`,
        payload: form([{ name: "file", filename: name, bytes: file.bytes }]),
        contentType,
      };
    }
    case "no file part":
      return {
        description: mutation,
        payload: form([{ name: "note", bytes: Buffer.from("no file here") }]),
        contentType,
      };
    case "JSON instead of a form":
      return {
        description: mutation,
        payload: JSON.stringify({ data: { file: "x" } }),
        contentType: "application/json",
      };
    case "broken form":
      return {
        description: mutation,
        payload: form([{ name: "file", filename: file.name, bytes: file.bytes }], false).subarray(
          0,
          120,
        ),
        contentType,
      };
  }
}
