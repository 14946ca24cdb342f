// The operations of the app's own OpenAPI document, as the fuzz calls them: method, path template,
// path parameters (with the literal before each), query parameters, the JSON body's schema or a
// multipart upload; and the order they are called in (creations first, deletions last).
import type { TJsonSchema } from "./schema-sample";

export type TParam = { name: string; schema: TJsonSchema; required: boolean };
export type TPathParam = TParam & { literalBefore: string | undefined };

export type TOperation = {
  /** `METHOD /template`, as reports name it. */
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  template: string;
  pathParams: TPathParam[];
  query: TParam[];
  body: TJsonSchema | undefined;
  bodyRequired: boolean;
  /** A multipart upload (field `file`): the document has no body schema for these. */
  upload: boolean;
  access: string;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type TDocument = {
  paths: Record<string, Record<string, TDocOperation>>;
};
type TDocOperation = {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: TJsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: TJsonSchema }> };
  "x-access"?: string;
};

/**
 * The document with each `$ref` to a component replaced by the component (its own keywords kept
 * beside it): the sampler reads a schema whole, where the document names the domain's contracts.
 */
function withComponentsInline(document: unknown): unknown {
  const components = (document as { components?: Record<string, Record<string, unknown>> })
    .components;
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== "object") return value;
    const { $ref, ...rest } = value as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v)]));
    const target = typeof $ref === "string" ? /^#\/components\/(\w+)\/(.+)$/.exec($ref) : null;
    if (!target) return $ref === undefined ? own : { $ref, ...own };
    return { ...(inline(components?.[target[1]!]?.[target[2]!]) as object), ...own };
  };
  return { ...(document as object), paths: inline((document as TDocument).paths) };
}

export function operationsOf(document: unknown): TOperation[] {
  const doc = withComponentsInline(document) as TDocument;
  const out: TOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const lower of METHODS) {
      const op = item[lower];
      if (!op) continue;
      const method = lower.toUpperCase() as TOperation["method"];
      const parameters = op.parameters ?? [];
      const segments = template.split("/").filter(Boolean);
      const pathParams = segments
        .map((segment, i) => ({ segment, before: segments[i - 1] }))
        .filter(({ segment }) => segment.startsWith("{"))
        .map(({ segment, before }) => {
          const name = segment.slice(1, -1);
          const declared = parameters.find((p) => p.in === "path" && p.name === name);
          return {
            name,
            schema: declared?.schema ?? { type: "string" },
            required: true,
            literalBefore: before && !before.startsWith("{") ? before : undefined,
          };
        });
      const query = parameters
        .filter((p) => p.in === "query")
        .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required ?? false }));
      const text = `${op.summary ?? ""} ${op.description ?? ""}`;
      const body = op.requestBody?.content?.["application/json"]?.schema;
      out.push({
        key: `${method} ${template}`,
        method,
        template,
        pathParams,
        query,
        body,
        bodyRequired: op.requestBody?.required ?? false,
        upload:
          !body &&
          method !== "GET" &&
          method !== "DELETE" &&
          (/multipart/i.test(text) || /\/file$/.test(template)),
        access: op["x-access"] ?? "?",
      });
    }
  }
  return out;
}

const PHASE: Record<TOperation["method"], number> = {
  POST: 0,
  GET: 1,
  PUT: 2,
  PATCH: 3,
  DELETE: 4,
};

/**
 * The order of a run: creations first (their rows feed the rest), then reads, changes, and
 * deletions last, children before their parents, a person's own account at the very end; the
 * maintenance switch is among the changes (the runner turns it off again after each call).
 */
export function inRunOrder(operations: TOperation[]): TOperation[] {
  const weight = (op: TOperation) => {
    if (op.method === "DELETE" && /^\/user-mgmt\/api\/users\/\{id\}$/.test(op.template)) return 99;
    return PHASE[op.method];
  };
  return [...operations].sort((a, b) => {
    const phase = weight(a) - weight(b);
    if (phase !== 0) return phase;
    const depth = a.pathParams.length - b.pathParams.length;
    if (depth !== 0) return a.method === "DELETE" ? -depth : depth;
    return a.template < b.template ? -1 : a.template > b.template ? 1 : 0;
  });
}
