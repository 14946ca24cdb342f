// "Message" clicked while sign-in still loads: the click is kept and opens the conversation once
// sign-in knows the member (it was dropped, and the messaging journey's Message did nothing).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AuthContext, type TAuthContextValue } from "../lib/auth/auth-context";
import { buildSignedInAuth, buildSignedOutAuth } from "../test/factories";
import { MessageButton } from "./message-button";

/** The button under an auth state the test changes, as sign-in's loading ends. */
let setAuth: (auth: TAuthContextValue) => void = () => undefined;

function Host({ initial, open }: { initial: TAuthContextValue; open: () => Promise<string> }) {
  const [auth, set] = useState(initial);
  setAuth = set;
  return (
    <AuthContext.Provider value={auth}>
      <MessageButton open={open} signInHint="Log in to send Ben a message." />
    </AuthContext.Provider>
  );
}

describe("the Message button", () => {
  it("keeps a click made while sign-in loads and opens the conversation once it knows", async () => {
    const open = vi.fn(async () => "group-1");
    const router = createMemoryRouter(
      [
        {
          path: "/users/ben",
          element: <Host initial={buildSignedOutAuth({ isLoading: true })} open={open} />,
        },
        { path: "/groups/:id", element: <p>Conversation</p> },
      ],
      { initialEntries: ["/users/ben"] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Message" }));
    expect(open).not.toHaveBeenCalled();
    act(() => setAuth(buildSignedInAuth()));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/groups/group-1"));
  });
});
