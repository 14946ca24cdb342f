// A module resolution hook for the generator (./generate.ts): openapi-typescript writes its output
// with TypeScript's compiler API, which TypeScript 7, the workspace's compiler, no longer has. Its
// `import "typescript"` is resolved from this package instead, whose own TypeScript is 6.
export async function resolve(specifier, context, nextResolve) {
  if (
    specifier === "typescript" &&
    context.parentURL?.includes("/node_modules/openapi-typescript/")
  )
    return nextResolve(specifier, { ...context, parentURL: import.meta.url });
  return nextResolve(specifier, context);
}
