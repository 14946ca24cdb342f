// A PMTiles (v3) archive made by hand for the map's street-detail journey, and a local host that
// serves it by byte ranges, as a CDN or our /media would. The archive is one vector tile (Mapbox
// Vector Tile): an "earth" layer whose square covers the whole tile, stored once and named by a
// single directory entry whose run covers every tile from zoom 0 to MAX_ZOOM, so any view of the
// map finds land in it. Spec: github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const MAX_ZOOM = 6;

/** Protocol buffers' base-128 varint. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const field = (number: number, wire: 0 | 2) => varint((number << 3) | wire);
const bytesField = (number: number, bytes: number[]) => [
  ...field(number, 2),
  ...varint(bytes.length),
  ...bytes,
];

/** A vector tile with one layer, `layer`, holding one polygon: the whole tile and a margin. */
export function squareTile(layer: string, extent = 4096): Uint8Array {
  const [low, high] = [-64, extent + 64];
  const corners = [
    [low, low],
    [high, low],
    [high, high],
    [low, high],
  ] as const;
  // MoveTo 1, LineTo 3, ClosePath: commands and zigzag deltas (clockwise on screen: an outer ring).
  const geometry = [(1 & 7) | (1 << 3), zigzag(low), zigzag(low)];
  geometry.push((2 & 7) | (3 << 3));
  for (let i = 1; i < corners.length; i += 1) {
    const [x, y] = corners[i]!;
    const [px, py] = corners[i - 1]!;
    geometry.push(zigzag(x - px), zigzag(y - py));
  }
  geometry.push((7 & 7) | (1 << 3));
  const feature = [...field(3, 0), 3, ...bytesField(4, geometry.flatMap(varint))];
  const layerBytes = [
    ...field(15, 0),
    2,
    ...bytesField(1, [...Buffer.from(layer)]),
    ...bytesField(2, feature),
    ...field(5, 0),
    ...varint(extent),
  ];
  return Uint8Array.from(bytesField(3, layerBytes));
}

/** How many tiles there are from zoom 0 to `zoom`: the tile ids of PMTiles count them so. */
const tilesThrough = (zoom: number) => ((4 ** (zoom + 1) - 1) / 3) | 0;

/** An archive (no compression) in which every tile from zoom 0 to MAX_ZOOM is `tile`. */
export function archiveOf(tile: Uint8Array, metadata: object): Buffer {
  // The root directory: one entry, tile id 0, run over every tile, at offset 0 (stored +1).
  const directory = Buffer.from([
    ...varint(1),
    ...varint(0),
    ...varint(tilesThrough(MAX_ZOOM)),
    ...varint(tile.length),
    ...varint(1),
  ]);
  const meta = Buffer.from(JSON.stringify(metadata));
  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metaOffset = rootOffset + directory.length;
  const dataOffset = metaOffset + meta.length;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, dataOffset); // no leaf directories
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, tile.length);
  u64(72, tilesThrough(MAX_ZOOM)); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: vector (MVT)
  header.writeUInt8(0, 100);
  header.writeUInt8(MAX_ZOOM, 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(0, 118);
  return Buffer.concat([header, directory, meta, Buffer.from(tile)]);
}

export type TArchiveHost = { url: string; ranges: string[]; close: () => Promise<void> };

/**
 * Serves `archive` at http://127.0.0.1:<free port>/<name> by byte ranges (206), to any origin
 * (CORS, as a tile host must for a map on another origin), and records each range asked for.
 */
export async function serveArchive(archive: Buffer, name: string): Promise<TArchiveHost> {
  const ranges: string[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "range, if-match");
    res.setHeader("Access-Control-Expose-Headers", "etag, content-range, content-length");
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    if (req.url !== `/${name}`) return void res.writeHead(404).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (!range)
      return void res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(archive);
    ranges.push(req.headers.range ?? "");
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), archive.length - 1);
    res.writeHead(206, {
      "Content-Type": "application/octet-stream",
      "Content-Range": `bytes ${start}-${end}/${archive.length}`,
      ETag: '"hostfield-test-archive"',
    });
    res.end(archive.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    ranges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
