// The web asks /media only for sizes it makes: every named box, at 1x and dense, is a variant the
// server offers (isMediaVariant is the server's own check, packages/domain/src/reference/media.ts).
import { isMediaVariant, MEDIA_BOXES } from "@hostfield/domain/reference";
import { describe, expect, it } from "vitest";
import { variantOf } from "../test/media-variant";
import { mediaImage, mediaUrl, type TMediaBoxName } from "./media-url";

const BOXES = Object.keys(MEDIA_BOXES) as TMediaBoxName[];

describe("media addresses", () => {
  it.each(BOXES)("ask for the %s box at sizes /media makes, at 1x and dense", (box) => {
    const image = mediaImage("/media/profiles/a.jpg", box);
    const addresses = (image?.srcSet ?? "").split(", ").map((entry) => entry.split(" ")[0]!);
    expect(addresses).toHaveLength(2);
    expect(addresses[0]).toBe(image?.src);
    for (const address of addresses) expect(isMediaVariant(variantOf(address)), address).toBe(true);
  });

  it("keep the header's dense copy within 2048 px a side", () => {
    expect(mediaImage("/media/h.jpg", "header")?.srcSet).toBe(
      "/media/h.jpg?w=1200&h=300&fit=cover 1x, /media/h.jpg?w=2048&h=512&fit=cover 1.71x",
    );
  });

  it("carry a pending listing's grant, and leave other addresses alone", () => {
    expect(mediaUrl("/media/a/b.jpg?grant=abc", "logo")).toBe(
      "/media/a/b.jpg?w=112&h=112&fit=contain&grant=abc",
    );
    expect(mediaUrl("https://cdn.example/x.jpg", "card")).toBe("https://cdn.example/x.jpg");
    expect(mediaImage("https://cdn.example/x.jpg", "card")).toEqual({
      src: "https://cdn.example/x.jpg",
      width: 384,
      height: 216,
    });
    expect(mediaUrl(null, "card")).toBeNull();
  });
});
