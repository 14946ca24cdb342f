import {
  booleanCodec,
  dateCodec,
  enumArrayCodec,
  numberCodec,
  stringCodec,
} from "@hostfield/domain/rules";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useQueryParam, useQueryParams } from "./query-params";

function Offset() {
  const [offset, setOffset] = useQueryParam("offset", numberCodec, 0);
  return (
    <>
      <p>Offset {offset}</p>
      <button type="button" onClick={() => setOffset(offset + 20)}>
        Next page
      </button>
      <button type="button" onClick={() => setOffset(0)}>
        First page
      </button>
    </>
  );
}

function Filters() {
  const [from, setFrom] = useQueryParam("from", dateCodec, "");
  const [flexible, setFlexible] = useQueryParam("flexible", booleanCodec, false);
  return (
    <>
      <p>From {from || "any day"}</p>
      <p>{flexible ? "Flexible" : "Fixed"}</p>
      <button type="button" onClick={() => setFrom("2027-02-30")}>
        Impossible date
      </button>
      <button type="button" onClick={() => setFlexible(true, { push: true })}>
        Flexible dates
      </button>
    </>
  );
}

describe("useQueryParam", () => {
  it("reads, writes and drops the default from the address", async () => {
    const router = createMemoryRouter([{ path: "/events", element: <Offset /> }], {
      initialEntries: ["/events?offset=abc&sport=Soccer"],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText("Offset 0")).toBeTruthy();

    await act(async () => screen.getByRole("button", { name: "Next page" }).click());
    expect(screen.getByText("Offset 20")).toBeTruthy();
    expect(router.state.location.search).toBe("?offset=20&sport=Soccer");

    await act(async () => screen.getByRole("button", { name: "First page" }).click());
    expect(router.state.location.search).toBe("?sport=Soccer");
  });

  it("decodes with the domain codecs and drops values that encode to nothing", async () => {
    const router = createMemoryRouter([{ path: "/events", element: <Filters /> }], {
      initialEntries: ["/events?from=2027-03-14&flexible=true"],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText("From 2027-03-14")).toBeTruthy();
    expect(screen.getByText("Fixed")).toBeTruthy();

    await act(async () => screen.getByRole("button", { name: "Flexible dates" }).click());
    expect(screen.getByText("Flexible")).toBeTruthy();
    expect(router.state.location.search).toBe("?from=2027-03-14&flexible=1");

    await act(async () => screen.getByRole("button", { name: "Impossible date" }).click());
    expect(screen.getByText("From any day")).toBeTruthy();
    expect(router.state.location.search).toBe("?flexible=1");
  });
});

const SEARCH_CODECS = {
  q: stringCodec,
  dist: numberCodec,
  sports: enumArrayCodec(["Soccer", "Ice Hockey", "Basketball"] as const),
};

function Search() {
  const [values, setValues] = useQueryParams(SEARCH_CODECS);
  return (
    <>
      <p>Text {values.q ?? "none"}</p>
      <p>Radius {values.dist ?? "none"}</p>
      <p>Sports {values.sports?.join(" + ") ?? "any"}</p>
      <button
        type="button"
        onClick={() => setValues({ sports: ["Soccer", "Ice Hockey"], dist: 50 })}
      >
        Soccer and hockey
      </button>
      <button type="button" onClick={() => setValues({ q: "Riverside" }, { replace: true })}>
        Type
      </button>
      <button type="button" onClick={() => setValues({ sports: undefined, dist: null, q: "" })}>
        Clear
      </button>
    </>
  );
}

describe("useQueryParams", () => {
  it("decodes several parameters and sets them together in one history entry", async () => {
    const router = createMemoryRouter([{ path: "/facilities", element: <Search /> }], {
      initialEntries: ["/facilities?sports=Soccer,Curling&dist=x&view=map"],
    });
    render(<RouterProvider router={router} />);
    // A list with an unknown item and a malformed number read as absent.
    expect(screen.getByText("Sports any")).toBeTruthy();
    expect(screen.getByText("Radius none")).toBeTruthy();

    await act(async () => screen.getByRole("button", { name: "Soccer and hockey" }).click());
    expect(screen.getByText("Sports Soccer + Ice Hockey")).toBeTruthy();
    expect(screen.getByText("Radius 50")).toBeTruthy();
    // Parameters without a codec here (view) are kept.
    expect(router.state.location.search).toBe("?sports=Soccer%2CIce+Hockey&dist=50&view=map");
    expect(router.state.historyAction).toBe("PUSH");

    await act(async () => screen.getByRole("button", { name: "Type" }).click());
    expect(screen.getByText("Text Riverside")).toBeTruthy();
    expect(router.state.historyAction).toBe("REPLACE");

    await act(async () => screen.getByRole("button", { name: "Clear" }).click());
    expect(router.state.location.search).toBe("?view=map");

    // Back walks through the pushed changes.
    await act(async () => router.navigate(-1));
    expect(screen.getByText("Sports Soccer + Ice Hockey")).toBeTruthy();
    expect(screen.getByText("Text Riverside")).toBeTruthy();
  });
});
