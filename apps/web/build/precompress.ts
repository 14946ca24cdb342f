// A Vite build step: next to every text asset it writes a brotli (.br) and a gzip (.gz) copy, which
// the server's static files plugin sends to browsers that accept them (`preCompressed`). Done once
// at build time, so no request pays for compression.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export async function precompressDir(dir: string): Promise<number> {
  const files = filesUnder(dir).filter(
    (file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES,
  );
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(source, { level: 9 }),
      ]);
      await Promise.all([
        fs.promises.writeFile(`${file}.br`, br),
        fs.promises.writeFile(`${file}.gz`, gz),
      ]);
    }),
  );
  return files.length;
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "hostfield-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
