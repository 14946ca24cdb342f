import { ZUserProfile } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { buildProfile } from "../../test/factories";
import { myProfileParser } from "./my-profile";

describe("the profile reply check", () => {
  it("accepts the contract's reply as it is", () => {
    const reply = buildProfile({ avatarUrl: "/media/avatars/jordan.webp", isAdmin: true });
    expect(myProfileParser.parse(reply)).toEqual(reply);
    expect(ZUserProfile.parse(reply)).toEqual(reply);
  });

  it.each([
    ["no id", { id: "" }],
    ["a bad e-mail", { email: "jordan" }],
    ["an unknown account type", { accountType: "Astronaut" }],
    ["an empty avatar", { avatarUrl: "" }],
    ["a negative count", { unopenedNotifications: -1 }],
    ["a fractional count", { unreadMessages: 1.5 }],
    ["a non-boolean visibility", { isVisible: "yes" }],
    ["no emailVerified", { emailVerified: undefined }],
    ["a non-boolean isAdmin", { isAdmin: 1 }],
    ["no updatedDate", { updatedDate: undefined }],
  ])("rejects %s, as the domain's ZUserProfile does", (_label, change) => {
    const reply = { ...buildProfile(), ...change };
    expect(() => myProfileParser.parse(reply)).toThrow();
    expect(ZUserProfile.safeParse(reply).success).toBe(false);
  });
});
