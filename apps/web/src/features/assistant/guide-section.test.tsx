// What the guide's button costs a destination's first view: nothing asked on the server, its room
// kept from the first paint, and none of the chat's code or zod among what it imports.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuthContext } from "../../lib/auth";
import { buildSignedOutAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { createTestQueryClient } from "../../test/render-app";
import { GuideChatProvider } from "./guide-chat-host";
import { TourGuideSection } from "./guide-section";
import { assistantWorld, GUIDE_DESTINATION_ID, guideUrl, serveAssistant } from "./testing";

function Section() {
  return (
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthContext.Provider value={buildSignedOutAuth()}>
        <GuideChatProvider>
          <TourGuideSection destinationId={GUIDE_DESTINATION_ID} />
        </GuideChatProvider>
      </AuthContext.Provider>
    </QueryClientProvider>
  );
}

describe("the guide's button on a first view", () => {
  it("is painted on the server as the room it will take, asking nothing", async () => {
    const html = renderToString(<Section />);
    expect(html).toContain('aria-label="Loading the tour guide"');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.all()).toEqual([]);
  });

  it("asks for the guide in the browser and takes the room it kept", async () => {
    serveAssistant(assistantWorld());
    render(<Section />);
    const placeholder = screen.getByRole("status", { name: "Loading the tour guide" });
    const room = getComputedStyle(placeholder.parentElement!).height;
    const button = await screen.findByRole("button", { name: "Ask the Riverside guide" });
    expect(getComputedStyle(button.parentElement!).height).toBe(room);
    expect(room).toBe("44px");
    expect(sent.to(guideUrl(GUIDE_DESTINATION_ID), "GET")).toHaveLength(1);
  });
});

// ---- what the destination page's bundle takes in ----

const HERE = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+"([^"]+)";/gm;

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files a module loads (static imports with a value, not types), and the packages each names. */
function closure(entry: string) {
  const files = new Map<string, string[]>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const packages: string[] = [];
    files.set(file, packages);
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const [, , typeOnly, clause = "", specifier = ""] = match;
      const names = (clause.match(/^\{([\s\S]*)\}$/)?.[1] ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
      const allTypes = names.length > 0 && names.every((name) => name.startsWith("type "));
      if (typeOnly || allTypes) continue;
      const next = resolve(file, specifier);
      if (next) visit(next);
      else packages.push(specifier);
    }
  };
  visit(entry);
  return files;
}

describe("the guide's button's imports", () => {
  const files = closure(path.join(HERE, "guide-section.tsx"));
  const mine = [...files.keys()].filter((file) => file.startsWith(HERE));

  it("bring neither the chat nor its calls", () => {
    const names = mine.map((file) => path.basename(file));
    expect(names).toContain("guide-api.ts");
    for (const heavy of ["guide-chat.tsx", "assistant-api.ts", "server-sent-events.ts"]) {
      expect(names).not.toContain(heavy);
    }
  });

  it("bring no zod and no contract values", () => {
    const packages = [...files.values()].flat();
    expect(packages).not.toContain("zod");
    for (const file of mine) {
      expect(files.get(file)).not.toContain("@hostfield/domain/contracts");
    }
  });
});
