import { describe, expect, it } from "vitest";
import { parseAttachment, relativeTime, snippetOf, splitLinks } from "./format";
import { fileMessageBody, fileSegmentOf } from "./messaging-api";

describe("messaging formats", () => {
  const now = new Date(2025, 2, 10, 15, 0, 0);

  it("says how long ago in the list", () => {
    expect(relativeTime(new Date(2025, 2, 10, 14, 59, 30), now)).toBe("just now");
    expect(relativeTime(new Date(2025, 2, 10, 14, 55), now)).toBe("5 min ago");
    expect(relativeTime(new Date(2025, 2, 10, 12, 0), now)).toBe("3 h ago");
    expect(relativeTime(new Date(2025, 2, 9, 18, 0), now)).toBe("Yesterday");
    expect(relativeTime("not a date", now)).toBe("");
  });

  it("a shared file message round-trips through its body", () => {
    const body = fileMessageBody({ title: "season plan.pdf", url: "/media/groups/a/plan.pdf" });
    expect(body).toBe("📎 season plan.pdf /media/groups/a/plan.pdf");
    expect(parseAttachment(body)).toEqual({
      title: "season plan.pdf",
      url: "/media/groups/a/plan.pdf",
      isImage: false,
    });
    expect(parseAttachment("📎 team.png /media/groups/a/team.png")?.isImage).toBe(true);
    expect(parseAttachment("Just words")).toBeNull();
    expect(snippetOf(body)).toBe("Shared a file: season plan.pdf");
    expect(snippetOf("Two\n\nlines")).toBe("Two lines");
  });

  it("links only http(s) and /media/ addresses", () => {
    expect(splitLinks("See https://example.com/a and /media/x.png, not /etc/passwd")).toEqual([
      { kind: "text", text: "See ", at: 0 },
      { kind: "link", href: "https://example.com/a", at: 4 },
      { kind: "text", text: " and ", at: 25 },
      { kind: "link", href: "/media/x.png", at: 30 },
      { kind: "text", text: ", not /etc/passwd", at: 42 },
    ]);
  });

  it("sends images to images and everything else to documents", () => {
    expect(fileSegmentOf({ type: "image/webp" })).toBe("images");
    expect(fileSegmentOf({ type: "application/pdf" })).toBe("documents");
    expect(fileSegmentOf({ type: "" })).toBe("documents");
  });
});
