// The hub in the app's connection state: a lost socket shows the "Reconnecting" notice until it is
// back, and is reopened at once when the API answers again instead of waiting its turn.
import { act, render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { BaseProviders } from "../../app/providers";
import { buildSignedInAuth } from "../../test/factories";
import { server } from "../../test/msw";
import { createTestQueryClient } from "../../test/render-app";
import { apiGet } from "../api";
import { AuthContext } from "../auth";
import { RECONNECTING_TEXT, ReconnectingBanner } from "../connection/reconnecting-banner";
import type { THubSocket } from "./hub-client";
import { HubProvider } from "./hub-provider";

type THandler = (...args: unknown[]) => void;

/** Sockets that record their handlers; the test plays the server by firing them. */
function fakeSockets() {
  const opened: Map<string, THandler>[] = [];
  const openSocket = (): THubSocket => {
    const handlers = new Map<string, THandler>();
    opened.push(handlers);
    return {
      on: ((event: string, handler: THandler) => {
        handlers.set(event, handler);
      }) as THubSocket["on"],
      connect: (() => {}) as THubSocket["connect"],
      disconnect: (() => {}) as THubSocket["disconnect"],
    };
  };
  const fire = (i: number, event: string, ...args: unknown[]) =>
    act(() => opened[i]?.get(event)?.(...args));
  return { opened, openSocket, fire };
}

const PING = "/thing-mgmt/api/things/1";

describe("the hub and the connection state", () => {
  it("a lost socket says Reconnecting until it is back, and an API answer reopens it at once", async () => {
    let away = false;
    server.use(
      http.get(PING, () => (away ? HttpResponse.error() : HttpResponse.json({ data: "ok" }))),
    );
    const sockets = fakeSockets();
    render(
      <BaseProviders queryClient={createTestQueryClient()}>
        <AuthContext.Provider value={buildSignedInAuth()}>
          <HubProvider openSocket={sockets.openSocket}>
            <ReconnectingBanner />
          </HubProvider>
        </AuthContext.Provider>
      </BaseProviders>,
    );
    await waitFor(() => expect(sockets.opened).toHaveLength(1));
    sockets.fire(0, "connect");
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();

    sockets.fire(0, "disconnect", "transport close");
    expect(screen.getByRole("status").textContent).toBe(RECONNECTING_TEXT);
    // The first retry is at once (0 s); it is refused, and the next waits 2 s.
    await waitFor(() => expect(sockets.opened).toHaveLength(2));
    sockets.fire(1, "connect_error", new Error("refused"));
    expect(screen.getByText(RECONNECTING_TEXT)).toBeTruthy();

    // The API is down, then answers: the hub does not wait its 2 s.
    away = true;
    await act(() => apiGet(PING).catch(() => undefined));
    expect(sockets.opened).toHaveLength(2);
    away = false;
    await act(() => apiGet(PING));
    expect(sockets.opened).toHaveLength(3);
    sockets.fire(2, "connect");
    expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull();
  });
});
