// The migrations folder as drizzle-kit keeps it: a journal that lists every SQL file once, in
// order, and a chain of schema snapshots, each made from the one before. Two branches that each
// generated "the next" migration would give two files one number, or two snapshots one parent:
// merged, the migrator would run one of them and skip the other on databases that had either.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate";

type TJournal = { entries: { idx: number; tag: string; when: number }[] };
type TSnapshot = { id: string; prevId: string };

const folder = migrationsFolder();
const journal = JSON.parse(
  fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"),
) as TJournal;
const snapshot = (idx: number) =>
  JSON.parse(
    fs.readFileSync(
      path.join(folder, "meta", `${String(idx).padStart(4, "0")}_snapshot.json`),
      "utf8",
    ),
  ) as TSnapshot;

describe("the migrations journal", () => {
  it("numbers its entries 0, 1, 2… in the order they were made, each tag named by its number", () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx).toBe(position);
      expect(entry.tag.startsWith(`${String(position).padStart(4, "0")}_`)).toBe(true);
      if (position > 0) expect(entry.when).toBeGreaterThan(journal.entries[position - 1]!.when);
    });
  });

  it("lists every SQL file of the folder once, and no file that is missing", () => {
    const files = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });

  it("chains its snapshots, each made from the one before (no two from one parent)", () => {
    let parent = "00000000-0000-0000-0000-000000000000";
    const ids = new Set<string>();
    for (const entry of journal.entries) {
      const { id, prevId } = snapshot(entry.idx);
      expect({ migration: entry.tag, prevId }).toEqual({ migration: entry.tag, prevId: parent });
      expect(ids.has(id)).toBe(false);
      ids.add(id);
      parent = id;
    }
  });
});
