// The app's one TanStack Query client: how long data stays fresh and when a failed call is retried.
import { QueryClient } from "@tanstack/react-query";
import { queryRetryDelay, shouldRetryQuery } from "../lib/connection/query-retry";

/**
 * Reads are retried by lib/connection's rules: while the server cannot serve, with backoff and
 * its Retry-After; a 4xx never; anything else once. A write is never retried blindly: its error
 * (for a 503, "briefly unavailable; try again") is shown by its form.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
