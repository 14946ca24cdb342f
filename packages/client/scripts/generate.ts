// `npm run client`: src/schema.d.ts, the API's types, written by openapi-typescript from the API
// document the app makes in-process (apps/server/src/cli/openapi.ts writes it to the file named
// here). The server's tests check that the committed file is the current document's
// (apps/server/test/client-schema.test.ts).
import fs from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

register("./typescript-6.mjs", import.meta.url);

/** Where the generated types are kept. */
export const SCHEMA_FILE = fileURLToPath(new URL("../src/schema.d.ts", import.meta.url));

const HEADER =
  "// The API's types, written by `npm run client` (openapi-typescript) from the API document: do\n" +
  "// not edit; run it again after changing a route or a contract.\n";

/** The TypeScript source of the API's types (`paths`, `components`, `operations`). */
export async function schemaSource(document: object): Promise<string> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    silent: true,
    // A field with a default may be left out of a request; the document says which fields a reply
    // always has (a contract's reply form lists them as required).
    defaultNonNullable: false,
  });
  return `${HEADER}\n${astToString(ast)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const documentFile = process.argv[2];
  if (!documentFile) {
    console.error("usage: generate.ts <api document.json>");
    process.exit(64);
  }
  const document = JSON.parse(fs.readFileSync(documentFile, "utf8")) as object;
  fs.writeFileSync(SCHEMA_FILE, await schemaSource(document));
  console.log(`${path.relative(process.cwd(), SCHEMA_FILE)} written from ${documentFile}.`);
}
