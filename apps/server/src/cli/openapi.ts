// `tsx apps/server/src/cli/openapi.ts [file]`: writes the API document (./api-document) to `file`,
// or to the standard output; what `npm run lint:api` lints.
import fs from "node:fs";
import path from "node:path";
import { buildApiDocument } from "./api-document";

const file = process.argv[2];
const text = `${JSON.stringify(await buildApiDocument(), null, 2)}\n`;
if (file) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`API document written to ${file} (${Math.round(text.length / 1024)} KB).`);
} else process.stdout.write(text);
