// The start-up answer (signed in, or nobody) reaches everything that reads the session: on a page
// of listings that is every card's buttons. It is rendered as a transition, which yields to the
// browser as it goes, rather than in one task that blocks the page just after it came up.
import { render, screen, waitFor } from "@testing-library/react";
import { startTransition } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeOidc } from "../../test/fake-oidc";
import { clientConfigHandler, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { useAuth } from "./index";

vi.mock("oidc-client-ts", async () => (await import("../../test/fake-oidc")).fakeOidcModule);
// React's own startTransition, watched.
vi.mock("react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react")>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

function SessionState() {
  const auth = useAuth();
  return <p>{auth.isLoading ? "checking" : auth.isAuthenticated ? "signed in" : "signed out"}</p>;
}

beforeEach(() => {
  fakeOidc.reset();
  vi.mocked(startTransition).mockClear();
});

describe("the session check's answer", () => {
  it("is rendered as a transition", async () => {
    server.use(clientConfigHandler());
    render(
      <TestProviders>
        <SessionState />
      </TestProviders>,
    );
    expect(screen.getByText("checking")).toBeTruthy();
    expect(startTransition).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText("signed out")).toBeTruthy());
    expect(startTransition).toHaveBeenCalledTimes(1);
  });
});
