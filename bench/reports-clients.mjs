// The load of `npm run bench -- reports` (bench/reports.ts forks it, so the server's process does
// nothing but serve): autocannon, programmatically, for two kinds of load.
// - `track`: beacons to POST /report-mgmt/api/track as browsers send them: 20-50 events each
//   (impressions, views, a few clicks) about the listings given, a fresh batch id each, a browser's
//   user agent, and a different forwarded address per request (the server trusts the proxy, so each
//   address stays far under the route's own per-address limit). Sums the `accepted` of the answers.
// - `get`: a GET with the headers given.
// Answers the parent over IPC: `{ ok, result }` or `{ ok: false, error }`.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TARGETS = ["website", "phone", "email", "directions"];

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** One browser's batch: mostly impressions (a results page), some views, a few clicks. */
function batchBody(subjects) {
  const size = 20 + Math.floor(Math.random() * 31);
  const events = Array.from({ length: size }, () => {
    const id = pick(subjects);
    const roll = Math.random();
    if (roll < 0.6) return { type: "impression", kind: "facility", id };
    if (roll < 0.95) return { type: "view", kind: "facility", id };
    return { type: "click", kind: "facility", id, target: pick(TARGETS) };
  });
  return { body: JSON.stringify({ data: { batchId: randomUUID(), events } }), size };
}

function summary(result, extra = {}) {
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    ...extra,
  };
}

/** A fixed number of beacons (not a duration), so every one sent is answered and counted. */
async function track({ url, subjects, connections, amount }) {
  let sent = 0;
  let accepted = 0;
  let address = 0;
  const result = await autocannon({
    url,
    connections,
    amount,
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          const { body, size } = batchBody(subjects);
          sent += size;
          address++;
          return {
            ...request,
            body,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": BROWSER,
              "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            },
          };
        },
        onResponse(status, body) {
          if (status === 202) accepted += JSON.parse(body).data.accepted;
        },
      },
    ],
  });
  return summary(result, { eventsSent: sent, eventsAccepted: accepted });
}

async function get({ url, headers, connections, duration }) {
  const result = await autocannon({ url, headers, connections, duration });
  return summary(result);
}

process.on("message", async (message) => {
  try {
    const result = message.type === "track" ? await track(message) : await get(message);
    process.send({ ok: true, result });
  } catch (error) {
    process.send({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
