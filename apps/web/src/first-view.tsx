// The first view of a public page, rendered on the server: the same routes and components as the
// browser, for a visitor, with the data the page asks for already fetched. The HTML only paints
// the page before the scripts arrive; the browser then renders the app afresh from the same data
// (main.tsx), so nothing here has to match it node for node. Built by `vite build --ssr` into
// dist-server/ and loaded by the server's platform/web/first-view.ts.
import "./app/zod-jitless";
import { ThemeProvider } from "@mui/material/styles";
import { type DehydratedState, dehydrate, QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { BaseProviders } from "./app/providers";
import { appRoutes, FIRST_VIEW } from "./app/routes";
import { marketplaceFirstCall } from "./features/marketplace";
import { setServerTransport } from "./lib/api";
import { AuthContext, type TAuthContextValue } from "./lib/auth/auth-context";
import type { TFirstCall } from "./lib/first-call";
import { formatDocumentTitle, PageHeadContext, type TPageHead } from "./ui/document-title";

export type TFirstView = { html: string; state: DehydratedState; head: TPageHead };

/** The screen widths a first view is laid out for: a phone's, or a laptop's. */
export const FIRST_VIEW_WIDTHS = { phone: 390, wide: 1280 } as const;

/**
 * Whether a media query (as MUI's useMediaQuery passes it: "(max-width:899.95px)", joined by
 * "and") holds on a screen `width` px wide. The server has no screen: the pages that lay out
 * differently on a phone (useSmallScreen) must paint the layout the browser will then render, or
 * the page jumps when the app takes over.
 */
export function matchesWidth(query: string, width: number): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const bound = part.match(/\((min|max)-width:\s*([\d.]+)px\)/);
    if (!bound) return false;
    const value = Number(bound[2]);
    return bound[1] === "min" ? width >= value : width <= value;
  });
}

/** Rounds of render-then-fetch: a query that needs another's answer shows up in the next one. */
const MAX_ROUNDS = 3;

const nothing = async () => undefined;

/** Who the server renders for: nobody signed in (a signed-in browser re-renders as itself). */
const VISITOR: TAuthContextValue = {
  isLoading: false,
  isAuthenticated: false,
  user: null,
  profile: null,
  profileError: null,
  reloadProfile: () => undefined,
  isAdmin: false,
  error: null,
  login: nothing,
  signup: nothing,
  logout: nothing,
  signOutLocally: nothing,
  getAccessToken: async () => null,
};

const handler = createStaticHandler(appRoutes);

/** Calls go to `origin` through `fetch` (the server answers them in process). */
export function configureFirstView(transport: { origin: string; fetch: typeof fetch }): void {
  setServerTransport(transport);
}

/**
 * The call the page at `url` (path and query) makes first for its data, or null: the one place
 * that says it, for the server to write into a page it sends without a first view (the page then
 * sends the call before the app's code arrives, and the app takes its answer: lib/first-call).
 * Each page's own module builds the call from the same parts as the page's query does.
 */
export function firstCallOf(url: string): TFirstCall | null {
  const { pathname, search } = new URL(url, "http://first-view.invalid");
  return marketplaceFirstCall({ pathname, search });
}

/**
 * The HTML of `url`'s first view and the data it shows, or null when there is nothing worth
 * painting early: a redirect, an unknown page, or a call that failed (the browser then shows its
 * own loading, error or not-found state). Once `signal` aborts (the page went out without its
 * first view) the render stops where it is: its calls are cancelled, nothing more is drawn.
 */
export async function renderFirstView(
  origin: string,
  url: string,
  screen: keyof typeof FIRST_VIEW_WIDTHS = "wide",
  signal?: AbortSignal,
): Promise<TFirstView | null> {
  const context = await handler.query(new Request(new URL(url, origin)));
  if (signal?.aborted) return null;
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const page = context.matches.at(-1)?.route;
  if (page?.handle !== FIRST_VIEW) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Nothing is retried or refetched while rendering: one answer per call, or no first view.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const ssrMatchMedia = (query: string) => ({
    matches: matchesWidth(query, FIRST_VIEW_WIDTHS[screen]),
  });
  // What the page said of itself in its last render: its title, description and image.
  let head: TPageHead = { title: formatDocumentTitle(null) };
  const render = () => {
    head = { title: formatDocumentTitle(null) };
    return renderToString(
      <PageHeadContext.Provider value={head}>
        <BaseProviders queryClient={queryClient}>
          <ThemeProvider
            theme={(outer: object & { components?: object }) => ({
              ...outer,
              components: {
                ...outer.components,
                MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } },
              },
            })}
          >
            <AuthContext.Provider value={VISITOR}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AuthContext.Provider>
          </ThemeProvider>
        </BaseProviders>
      </PageHeadContext.Provider>,
    );
  };

  const cancel = () => void queryClient.cancelQueries();
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    return await renderRounds(queryClient, render, signal, () => head);
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}

/** Renders, fetches what the render asked for, and renders again, up to MAX_ROUNDS times. */
async function renderRounds(
  queryClient: QueryClient,
  render: () => string,
  signal: AbortSignal | undefined,
  headOf: () => TPageHead,
): Promise<TFirstView | null> {
  let html = render();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === "pending" && query.state.fetchStatus === "idle")
      .filter((query) => {
        const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
        const on = typeof enabled === "function" ? enabled(query) : enabled;
        return typeof queryFn === "function" && on !== false;
      });
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    // A stop that fell due while the answers came goes first: the page has gone out without this
    // view, and drawing it again would be for nobody.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal?.aborted) return null;
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === "error")
    ) {
      return null;
    }
    html = render();
  }
  return { html, state: dehydrate(queryClient), head: headOf() };
}
