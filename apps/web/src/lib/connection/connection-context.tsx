// The app's one connection store (connection-store.ts): made here, fed by the API client, the
// auth provider and the hub, read by the "Reconnecting" banner. When the server answers again,
// the reads that gave up because it could not serve are asked again.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { isServerUnavailable, setConnectionReporter } from "../api";
import { createConnectionStore, type TConnectionStore } from "./connection-store";

const ConnectionContext = createContext<TConnectionStore | null>(null);
ConnectionContext.displayName = "ConnectionContext";

/** Asks again the shown reads that failed because the server could not serve. */
function refetchFailedReads(queryClient: QueryClient): void {
  void queryClient.refetchQueries({
    type: "active",
    predicate: (query) => query.state.status === "error" && isServerUnavailable(query.state.error),
  });
}

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(createConnectionStore);

  useEffect(() => {
    setConnectionReporter({
      unavailable: () => store.unavailable("api"),
      answered: () => store.answered("api"),
    });
    const stopWatching = store.onRecovered(() => refetchFailedReads(queryClient));
    return () => {
      setConnectionReporter(null);
      stopWatching();
    };
  }, [store, queryClient]);

  return <ConnectionContext.Provider value={store}>{children}</ConnectionContext.Provider>;
}

/** The app's connection store; null outside ConnectionProvider (the server's first view). */
export function useConnection(): TConnectionStore | null {
  return useContext(ConnectionContext);
}

const never = () => () => undefined;
const notReconnecting = () => false;

/** Whether the server could not serve lately and has not answered since. */
export function useReconnecting(): boolean {
  const store = useConnection();
  return useSyncExternalStore(
    store?.subscribe ?? never,
    store?.isReconnecting ?? notReconnecting,
    notReconnecting,
  );
}
