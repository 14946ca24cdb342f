import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { AuthContext, type TAuthContextValue, useAuth } from "./auth-context";
import { useWhenAuthKnown } from "./when-auth-known";

/** A button that reports who it saw signed in, from the handler it has when it acts. */
function Probe({ seen }: { seen: string[] }) {
  const auth = useAuth();
  const onClick = useWhenAuthKnown((label: string) =>
    seen.push(`${label}: ${auth.isAuthenticated ? "signed in" : "visitor"}`),
  );
  return (
    <button type="button" onClick={() => onClick("like")}>
      Like
    </button>
  );
}

function renderWith(auth: TAuthContextValue, seen: string[]) {
  return render(
    <AuthContext.Provider value={auth}>
      <Probe seen={seen} />
    </AuthContext.Provider>,
  );
}

describe("useWhenAuthKnown", () => {
  it("acts at once when sign-in has loaded", async () => {
    const seen: string[] = [];
    renderWith(buildSignedOutAuth(), seen);
    await userEvent.click(screen.getByRole("button", { name: "Like" }));
    expect(seen).toEqual(["like: visitor"]);
  });

  it("keeps a click made while sign-in loads and acts once, on what sign-in then knows", async () => {
    const seen: string[] = [];
    const view = renderWith(buildSignedOutAuth({ isLoading: true }), seen);
    const button = screen.getByRole("button", { name: "Like" });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(button);
    await userEvent.click(button);
    expect(seen).toEqual([]);
    view.rerender(
      <AuthContext.Provider value={buildSignedInAuth()}>
        <Probe seen={seen} />
      </AuthContext.Provider>,
    );
    expect(seen).toEqual(["like: signed in"]);
  });
});
