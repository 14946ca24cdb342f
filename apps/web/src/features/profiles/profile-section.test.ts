import { isMediaVariant, MEDIA_BOXES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { mediaImageProps } from "./profile-section";

const sizeOf = (address: string) => {
  const params = new URL(address, "http://x").searchParams;
  return { w: Number(params.get("w")), h: Number(params.get("h")), fit: params.get("fit") ?? "" };
};

describe("a listing page's image sizes", () => {
  it.each([
    ["header", MEDIA_BOXES.header],
    ["logo", MEDIA_BOXES.logo],
    ["media tile", MEDIA_BOXES.tile],
  ])("are sizes /media makes: the %s at 1x and its dense size", (_name, box) => {
    const props = mediaImageProps("/media/profiles/a.jpg", box);
    const addresses = [props.src, ...(props.srcSet ?? "").split(", ").map((e) => e.split(" ")[0]!)];
    expect(addresses).toHaveLength(3);
    for (const address of addresses) {
      expect(isMediaVariant(sizeOf(address)), address).toBe(true);
    }
  });

  it("keeps the header's dense copy within 2048 px a side", () => {
    expect(mediaImageProps("/media/h.jpg", MEDIA_BOXES.header).srcSet).toBe(
      "/media/h.jpg?w=1200&h=300&fit=cover&format=auto 1x, /media/h.jpg?w=2048&h=512&fit=cover&format=auto 1.71x",
    );
  });
});
