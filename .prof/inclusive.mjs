import fs from "node:fs";
const [file, N, ...names] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const incl = new Map();
for (const [id, us] of self) {
  const seen = new Set();
  let cur = id;
  while (cur !== undefined) {
    const n = byId.get(cur);
    const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, "")}:${n.callFrame.lineNumber}`;
    if (!seen.has(key)) { seen.add(key); incl.set(key, (incl.get(key) ?? 0) + us); }
    cur = parent.get(cur);
  }
}
const rows = [...incl].filter(([k]) => names.length === 0 || names.some((n) => k.includes(n))).sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [k, us] of rows) console.log(`${(us / 1000 / Number(N)).toFixed(3)} ms  ${k}`);
