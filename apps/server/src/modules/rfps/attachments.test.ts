import { describe, expect, it } from "vitest";
import { contentDisposition } from "./attachments";

describe("an attachment's content-disposition", () => {
  it("is a download under its name: plain ASCII in filename, the name itself in filename*", () => {
    expect(contentDisposition("Floor plan.pdf")).toBe(
      `attachment; filename="Floor plan.pdf"; filename*=UTF-8''Floor%20plan.pdf`,
    );
    expect(contentDisposition("Plan d’étage (v2).pdf")).toBe(
      `attachment; filename="Plan d__tage (v2).pdf"; filename*=UTF-8''Plan%20d%E2%80%99%C3%A9tage%20%28v2%29.pdf`,
    );
    // Nothing in a name can end the quoted string or start another parameter.
    expect(contentDisposition('a"b\\c;d.pdf')).toBe(
      `attachment; filename="a_b_c;d.pdf"; filename*=UTF-8''a%22b%5Cc%3Bd.pdf`,
    );
  });
});
