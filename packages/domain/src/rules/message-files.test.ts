import { describe, expect, it } from "vitest";
import { fileMessageBody, messageSnippet, parseAttachment } from "./message-files";

describe("a message that shares a file", () => {
  const body = fileMessageBody({ title: "court.png", url: "/media/groups/g1/court.png" });

  it("is read back as its file, an image by its name", () => {
    expect(parseAttachment(body)).toEqual({
      title: "court.png",
      url: "/media/groups/g1/court.png",
      isImage: true,
    });
    expect(parseAttachment("see 📎 court.png /media/x.png")).toBeNull();
  });

  it("reads in one line as the file's name, with no address and no clip glyph", () => {
    expect(messageSnippet(body)).toBe("Shared a file: court.png");
    expect(messageSnippet(body)).not.toMatch(/\/media\/|📎/u);
    expect(messageSnippet("  see you\n at  the gym ")).toBe("see you at the gym");
  });
});
