import { booleanCodec, dateCodec, numberCodec } from "@hostfield/domain/rules";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useQueryParam } from "./query-params";

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
