// The visitors of `npm run bench -- assistant` (bench/assistant.ts forks it, so the server's process
// does nothing but serve). Given `questions`, asks each of its destination's guide with
// `Accept: text/event-stream`, `connections` at a time, and times the first `delta` event (the first
// answer token) and the `answer` event (the whole answer). Given `pages`, reads destination pages
// the same way (`amount` in all): the baseline. Answers the parent over IPC: `{ ok, result }`.
import { latencySummary } from "./latency.mjs";

const V = "api-version=1.0";

/** One streamed answer: milliseconds to the first delta and to the answer, or a failure. */
async function askOne(base, { destinationId, message }) {
  const started = performance.now();
  const res = await fetch(
    `${base}/assistant-mgmt/api/assistants/destinations/${destinationId}/tour-guide?${V}`,
    {
      method: "POST",
      headers: { accept: "text/event-stream", "content-type": "application/json" },
      body: JSON.stringify({ data: { message } }),
    },
  );
  if (res.status !== 200) return { failed: `${res.status} ${await res.text()}` };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let firstToken = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstToken === null && text.includes("event: delta"))
      firstToken = performance.now() - started;
  }
  const total = performance.now() - started;
  if (!text.includes("event: answer")) return { failed: text.slice(0, 200) };
  return { firstToken: firstToken ?? total, total };
}

async function readPage(base, id) {
  const started = performance.now();
  const res = await fetch(`${base}/destination-mgmt/api/destinations/${id}?${V}`);
  await res.arrayBuffer();
  if (res.status !== 200) return { failed: String(res.status) };
  return { total: performance.now() - started };
}

/** Runs `jobs` with `connections` at a time; the results in any order, and the wall time. */
async function pool(jobs, connections, run) {
  const results = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, jobs.length) }, async () => {
      while (next < jobs.length) results.push(await run(jobs[next++]));
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

process.once("message", async (input) => {
  try {
    const { base, connections } = input;
    if (input.questions) {
      const { results, seconds } = await pool(input.questions, connections, (q) => askOne(base, q));
      const ok = results.filter((r) => !r.failed);
      process.send({
        ok: true,
        result: {
          connections,
          questions: results.length,
          failed: results.length - ok.length,
          firstFailure: results.find((r) => r.failed)?.failed ?? null,
          answersPerSecond: Math.round((ok.length / seconds) * 10) / 10,
          firstTokenMs: latencySummary(ok.map((r) => r.firstToken)),
          answerMs: latencySummary(ok.map((r) => r.total)),
        },
      });
      return;
    }
    const ids = Array.from({ length: input.amount }, (_, i) => input.pages[i % input.pages.length]);
    const { results, seconds } = await pool(ids, connections, (id) => readPage(base, id));
    const ok = results.filter((r) => !r.failed);
    process.send({
      ok: true,
      result: {
        connections,
        requests: results.length,
        failed: results.length - ok.length,
        requestsPerSecond: Math.round((ok.length / seconds) * 10) / 10,
        latencyMs: latencySummary(ok.map((r) => r.total)),
      },
    });
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
