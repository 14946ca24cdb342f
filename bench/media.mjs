// `npm run bench -- media`: /healthz latency while 20 clients ask for image variants nobody asked
// for before (issue 16: eight such requests once stalled the server for 106 s). One 3000x3000 photo
// is made with sharp at bench time and stored under many keys, so every request is a new variant of
// an allowed size (the web's sizes). A 21st client times /healthz with autocannon (one connection).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";

const CLIENTS = Number(process.env.BENCH_MEDIA_CLIENTS ?? 20);
const PHOTOS = Number(process.env.BENCH_MEDIA_PHOTOS ?? 60);
const SIDE = 3000;
const FORMATS = ["webp", "jpeg", "avif", "png"];

async function photo() {
  // Noise compresses badly, like a photo: a few MB of JPEG that takes real work to decode.
  return sharp({
    create: {
      width: SIDE,
      height: SIDE,
      channels: 3,
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const summary = (result) => ({
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average * 10) / 10,
  latencyMs: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  },
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  ),
  errors: result.errors,
  timeouts: result.timeouts,
});

/** `variants`: the domain's MEDIA_VARIANTS (read through tsx by run.mjs: this file is plain Node). */
export async function mediaSuite({ startHostfield, duration, variants: MEDIA_VARIANTS }) {
  const hostfield = await startHostfield({
    // The budget is per address and every bench client is 127.0.0.1: lift it to measure the queue.
    MEDIA_VARIANTS_PER_MINUTE: "1000000",
  });
  try {
    const body = await photo();
    const keys = [];
    for (let i = 0; i < PHOTOS; i++) {
      const key = `users/${randomUUID()}.jpg`;
      const file = path.join(hostfield.dataDir, "files", ...key.split("/"));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
      keys.push(key);
    }
    // Every address once, in an order that spreads requests over the photos. BENCH_MEDIA_SCENARIO=issue
    // asks what issue 16 saw instead: 1920x1920 palette PNGs at qualities 30 to 65.
    const paths = [];
    if (process.env.BENCH_MEDIA_SCENARIO === "issue") {
      for (let q = 30; q <= 65; q += 5)
        for (const key of keys)
          paths.push(`/media/${key}?w=1920&h=1920&fit=fill&format=png&q=${q}`);
    } else {
      for (const format of FORMATS)
        for (const variant of MEDIA_VARIANTS)
          for (const key of keys)
            paths.push(
              `/media/${key}?w=${variant.w}&h=${variant.h}&fit=${variant.fit}&format=${format}`,
            );
    }
    let next = 0;
    const variants = autocannon({
      url: hostfield.base,
      connections: CLIENTS,
      duration,
      timeout: 120,
      requests: [
        { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
      ],
    });
    // Healthz from its own connection while the variants are asked for.
    const health = await autocannon({
      url: `${hostfield.base}/healthz`,
      connections: 1,
      duration,
    });
    const made = await variants;
    const result = {
      photo: { side: SIDE, bytes: body.length, copies: PHOTOS },
      clients: CLIENTS,
      distinctAddresses: paths.length,
      asked: next,
      healthz: summary(health),
      variants: summary(made),
    };
    const h = result.healthz.latencyMs;
    const v = result.variants;
    console.log(
      `GET /healthz beside ${CLIENTS} variant clients: p50 ${h.p50} ms  p99 ${h.p99} ms  max ${h.max} ms (target p99 < 100 ms), ${result.healthz.requests} requests`,
    );
    console.log(
      `variants: ${v.requests} answered (${JSON.stringify(v.statusCodes)}), p50 ${v.latencyMs.p50} ms  p99 ${v.latencyMs.p99} ms, ${v.timeouts} timeouts`,
    );
    return result;
  } finally {
    await hostfield.stop();
  }
}
