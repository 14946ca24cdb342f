import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppStructuredData, jsonLdText } from "./app-structured-data";

describe("the app's structured data", () => {
  it("describes Hostfield as a schema.org web application in a JSON-LD script", () => {
    const { container } = render(<AppStructuredData />);
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? "null");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "WebApplication",
      name: "Hostfield",
      url: "/",
    });
  });

  it("cannot close its script element early", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
