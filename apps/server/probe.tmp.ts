import { generateDemoNetwork } from "/work/wt-seed/apps/server/src/cli/seed/generate";
import { demoImageKeys } from "/work/wt-seed/apps/server/src/cli/seed/images";
import { createPostalLocator, loadSeedCities } from "/work/wt-seed/apps/server/src/cli/seed/places";
const cities = loadSeedCities(); const postal = createPostalLocator();
for (const [seed, scale, today] of [[3,0.02,"2025-06-02"],[3,0.02,"2025-03-10"],[3,0.02,"2025-01-15"],[3,0.05,"2025-06-02"],[7,0.1,"2025-03-10"],[7,0.2,"2025-03-10"]] as const) {
  const t0 = Date.now();
  const n = generateDemoNetwork({ seed, scale, today, cities, postal, images: demoImageKeys() });
  console.log(seed, scale, today, Date.now()-t0, "ms", JSON.stringify({types: n.roomTypes.length, blocks: n.hotelBlocks.map(b=>b.status[0]).join(""), bn: n.blockNights.length, res: n.reservations.length, resBlock: n.reservations.filter(r=>r.blockId).length, events: new Set(n.hotelBlocks.map(b=>b.eventId)).size}));
}
