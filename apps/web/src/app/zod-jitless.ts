// Imported first by the app: zod must not probe `new Function` (for its fast object parsers), which
// the server's Content-Security-Policy (script-src 'self') forbids; the browser would report a
// violation on every page that builds a schema. zod reads its settings from this global (its
// `z.config()` writes there too); setting it here keeps zod itself out of the first bundle, and
// it must happen before the first schema is built, which happens in chunks loaded later.
type TZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const scope = globalThis as TZodGlobal;
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
