// Runs the session hub while someone is signed in: server pushes refresh the queries they concern,
// `Notify` goes to whoever listens (the toasts), ForceDisconnect signs out here. Also the background
// poll of spec §4: every 10 minutes, while the tab has focus, the profile and its counts reload.
// A lost socket tells the connection store (the "Reconnecting" notice), and is reopened at once
// when the API or the sign-in provider answers again.
import type { THubEvents } from "@hostfield/domain/contracts";
import { SESSION_POLL_MS } from "@hostfield/domain/reference";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { useAuth } from "../auth";
import { MY_PROFILE_QUERY_KEY } from "../auth/my-profile-keys";
import { useConnection } from "../connection/connection-context";
import type { THubClientOptions } from "./hub-client";

type TNotifyListener = (data: THubEvents["Notify"]) => void;
type THubContext = { onNotify(listener: TNotifyListener): () => void };

const HubContext = createContext<THubContext>({ onNotify: () => () => undefined });

/** Calls `listener` with every `Notify` the hub pushes while the component is mounted. */
export function useHubNotify(listener: TNotifyListener): void {
  const hub = useContext(HubContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => hub.onNotify((data) => latest.current(data)), [hub]);
}

export function HubProvider({
  children,
  openSocket,
}: {
  children: ReactNode;
  /** Tests pass a fake socket. */
  openSocket?: THubClientOptions["openSocket"];
}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const listeners = useRef(new Set<TNotifyListener>());
  const context = useRef<THubContext>({
    onNotify(listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  });
  const signedIn = auth.isAuthenticated && auth.user !== null;
  const { getAccessToken, signOutLocally } = auth;

  useEffect(() => {
    if (!signedIn) return;
    const refresh = (...keys: (readonly string[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    // socket.io-client loads with the first signed-in page; visitors never download it.
    let client: { stop(): void; reconnectNow(): void } | null = null;
    let cancelled = false;
    void import("./hub-client").then(({ createHubClient }) => {
      if (cancelled) return;
      const started = createHubClient({
        getToken: getAccessToken,
        ...(openSocket ? { openSocket } : {}),
        onEvent: (event, data) => {
          if (event === "ProfileUpdated") refresh(MY_PROFILE_QUERY_KEY);
          if (event === "GroupsUpdated") refresh(["groups"], ["threads"]);
          if (event === "Notify") {
            refresh(["notifications"], ["threads"], MY_PROFILE_QUERY_KEY);
            if ((data as THubEvents["Notify"]).threadId) refresh(["groups"]);
            for (const listener of listeners.current) listener(data as THubEvents["Notify"]);
          }
        },
        onForceDisconnect: () => void signOutLocally(),
        onStatus: (status) => {
          if (status === "lost") connection?.unavailable("hub");
          else connection?.answered("hub");
        },
      });
      started.start();
      client = started;
    });
    const poll = setInterval(() => {
      if (document.hasFocus()) refresh(MY_PROFILE_QUERY_KEY);
    }, SESSION_POLL_MS);
    const stopWatching = connection?.onRecovered((source) => {
      if (source !== "hub") client?.reconnectNow();
    });
    return () => {
      cancelled = true;
      clearInterval(poll);
      stopWatching?.();
      client?.stop();
      connection?.answered("hub");
    };
  }, [signedIn, getAccessToken, signOutLocally, queryClient, openSocket, connection]);

  return <HubContext.Provider value={context.current}>{children}</HubContext.Provider>;
}
