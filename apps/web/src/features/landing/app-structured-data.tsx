// The installable app described for search engines (schema.org WebApplication, as JSON-LD). It is
// part of the landing page's markup, so the server-painted first view carries it too.
import { BRAND } from "@hostfield/domain/reference";

/**
 * The landing page's structured data. The url is relative (read against the page's own address),
 * so the server's paint and the browser's hydration write the same text on any deployment.
 */
export function appStructuredData() {
  return {
    "@context": "https://schema.org",
    "@type": "WebApplication",
    name: BRAND,
    url: "/",
    applicationCategory: "BusinessApplication",
    operatingSystem: "Any (installable web app)",
    browserRequirements: "Requires JavaScript",
    description:
      "The marketplace for sports tourism: destinations, venues and hotels for your sports event.",
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  };
}

/** JSON in a script element: "<" escaped so no value can close the element early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function AppStructuredData() {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (jsonLdText)
      dangerouslySetInnerHTML={{ __html: jsonLdText(appStructuredData()) }}
    />
  );
}
