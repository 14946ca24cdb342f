import { isMediaVariant } from "@hostfield/domain/reference";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { variantOf } from "../../../test/media-variant";
import {
  googleMapsSearchUrl,
  infoWindowImageSize,
  infoWindowLink,
  infoWindowWidths,
  SEE_MORE_INFO,
  VIEW_ON_GOOGLE_MAPS,
} from "./info-window";
import { InfoWindow } from "./info-window-card";
import type { TMapPoint } from "./map-points";

const POINT: TMapPoint = {
  id: "3f1e2d4c-5b6a-4789-9abc-def012345678",
  kind: "facility",
  name: "Riverside Arena",
  lat: 30.2672,
  lng: -97.7431,
  address: "1200 River Rd, Austin, TX 78701",
  headerImage: "/media/profiles/arena.jpg",
  logo: null,
  googlePlaceId: "ChIJLwPMoJm1RIYRetVp1EtGm10",
};

describe("info window link (spec §2 Map view)", () => {
  it("reads 'See More Info' when a link target is supplied", () => {
    expect(infoWindowLink(POINT, "/facilities/abc")).toEqual({
      label: SEE_MORE_INFO,
      href: "/facilities/abc",
      external: false,
    });
  });

  it("otherwise offers 'View on Google Maps' built from the address and the place id", () => {
    const link = infoWindowLink(POINT);
    expect(link?.label).toBe(VIEW_ON_GOOGLE_MAPS);
    const url = new URL(link?.href ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query")).toBe("1200 River Rd, Austin, TX 78701");
    expect(url.searchParams.get("query_place_id")).toBe("ChIJLwPMoJm1RIYRetVp1EtGm10");
  });

  it("leaves the place id out when there is none, and offers nothing without an address", () => {
    expect(googleMapsSearchUrl("Austin, TX")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Austin%2C+TX",
    );
    expect(infoWindowLink({ ...POINT, googlePlaceId: null })?.href).not.toContain("query_place_id");
    expect(infoWindowLink({ ...POINT, address: null })).toBeNull();
  });

  it("asks for the image at 384 wide, 60 px high on mobile and 90 px on desktop", () => {
    expect(infoWindowImageSize(true)).toEqual({ width: 384, height: 60 });
    expect(infoWindowImageSize(false)).toEqual({ width: 384, height: 90 });
  });

  it("is 250 to 400 px wide, narrower only to fit a small screen", () => {
    expect(infoWindowWidths(1440)).toEqual({ minWidth: 250, maxWidth: 400 });
    expect(infoWindowWidths(375)).toEqual({ minWidth: 250, maxWidth: 311 });
    expect(infoWindowWidths(200)).toEqual({ minWidth: 250, maxWidth: 250 });
  });
});

describe("<InfoWindow>", () => {
  function renderWindow(props: { linkTarget?: string; mobile: boolean; point?: TMapPoint }) {
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <InfoWindow
              point={props.point ?? POINT}
              linkTarget={props.linkTarget}
              mobile={props.mobile}
            />
          ),
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
  }

  it("shows the image, name, address and a link to the profile page", async () => {
    renderWindow({ linkTarget: `/facilities/${POINT.id}`, mobile: false });
    const image = screen.getByRole("presentation");
    expect(image.getAttribute("src")).toBe("/media/profiles/arena.jpg?w=384&h=90&fit=cover");
    expect(image.getAttribute("width")).toBe("384");
    expect(image.getAttribute("height")).toBe("90");
    expect(screen.getByRole("heading", { name: "Riverside Arena" })).toBeTruthy();
    expect(screen.getByText("1200 River Rd, Austin, TX 78701")).toBeTruthy();
    expect(screen.getByRole("link", { name: SEE_MORE_INFO }).getAttribute("href")).toBe(
      `/facilities/${POINT.id}`,
    );
  });

  it("on mobile asks for a 60 px image, and without a target links to Google Maps in a new tab", async () => {
    renderWindow({ mobile: true });
    expect(screen.getByRole("presentation").getAttribute("src")).toBe(
      "/media/profiles/arena.jpg?w=384&h=60&fit=cover",
    );
    const link = screen.getByRole("link", { name: VIEW_ON_GOOGLE_MAPS });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("crops the header image to fill a box of the image's height", () => {
    renderWindow({ mobile: false });
    const box = screen.getByTestId("info-window-image");
    const image = within(box).getByRole("presentation");
    expect(getComputedStyle(box).height).toBe("90px");
    expect(getComputedStyle(box).overflow).toBe("hidden");
    expect(getComputedStyle(image).objectFit).toBe("cover");
    expect(getComputedStyle(image).height).toBe("100%");
  });

  it("shows a logo whole and small when there is no header image, never cropped to a strip", () => {
    renderWindow({
      mobile: false,
      point: { ...POINT, headerImage: null, logo: "/media/logo.png" },
    });
    expect(screen.queryByTestId("info-window-image")).toBeNull();
    const logo = screen.getByRole("presentation");
    expect(logo.getAttribute("src")).toBe("/media/logo.png?w=112&h=112&fit=contain");
    expect(getComputedStyle(logo).objectFit).toBe("contain");
  });
});

describe("the info window's pictures", () => {
  const shown = (point: TMapPoint, mobile: boolean) => {
    const router = createMemoryRouter([
      { path: "*", element: <InfoWindow point={point} mobile={mobile} /> },
    ]);
    const { container } = render(<RouterProvider router={router} />);
    return container.querySelector("img")?.getAttribute("src") ?? "";
  };

  it.each([true, false])("are sizes /media makes (phone: %s), a logo too", (mobile) => {
    for (const point of [POINT, { ...POINT, headerImage: null, logo: "/media/profiles/l.png" }]) {
      const src = shown(point, mobile);
      expect(src).toMatch(/^\/media\//);
      expect(isMediaVariant(variantOf(src)), src).toBe(true);
    }
  });
});
