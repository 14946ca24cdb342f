import { describe, expect, it } from "vitest";
import { inAppPath, isShownLive } from "./notification-links";

describe("notification links", () => {
  it("follows only in-app paths", () => {
    expect(inAppPath("/groups/1")).toBe("/groups/1");
    expect(inAppPath(null)).toBeNull();
    expect(inAppPath("")).toBeNull();
    expect(inAppPath("https://evil.example/")).toBeNull();
    expect(inAppPath("//evil.example/")).toBeNull();
    expect(inAppPath("/\\evil.example/")).toBeNull();
    expect(inAppPath("javascript:alert(1)")).toBeNull();
  });

  it("a message is shown live only on its own group's page", () => {
    expect(isShownLive("/groups/g1", "/groups/g1")).toBe(true);
    expect(isShownLive("/groups/g1?m=2#x", "/groups/g1/")).toBe(true);
    expect(isShownLive("/groups/g1", "/groups/g2")).toBe(false);
    expect(isShownLive("/groups/g1", "/groups")).toBe(false);
    expect(isShownLive("/events/1", "/events/1")).toBe(false);
    expect(isShownLive(null, "/groups/g1")).toBe(false);
  });
});
