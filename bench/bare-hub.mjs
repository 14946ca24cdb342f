// The hub's floor on this machine: what delivering one message to each of the bench's sockets costs
// with none of Hostfield (no POST, no database, no event, no Socket.IO server). A bare `ws` server
// speaks just enough Engine.IO and Socket.IO for socket.io-client: the open packet, the namespace's
// connect, pings. The sockets are bench/hub-clients.mjs, the same child process and the same
// client library as `npm run bench -- hub`. Like the hub's group broadcast, each user gets a
// notification of their own (serialized and encoded once) written to each of their sockets; the send
// time is the moment the first write starts. Prints one line `BENCH_RESULT {json}`.
import { randomUUID } from "node:crypto";
import { WebSocketServer } from "ws";
import { forkSockets } from "./hub-sockets.mjs";
import { latencySummary } from "./latency.mjs";

const USERS = Number(process.env.BENCH_HUB_USERS ?? 100);
const SOCKETS = Number(process.env.BENCH_HUB_SOCKETS ?? 5000);
/** Broadcasts measured, after one not counted (the first runs before the code is optimized). */
const ROUNDS = Number(process.env.BENCH_HUB_FLOOR_ROUNDS ?? 3);

// Engine.IO packet types "0" open, "2" ping, "4" message; Socket.IO "0" connect, "2" event.
const PING_MS = 25_000;
const OPEN = `0${JSON.stringify({ sid: "", upgrades: [], pingInterval: PING_MS, pingTimeout: 20_000, maxPayload: 1e6 })}`;

const byToken = new Map();
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
await new Promise((resolve) => wss.once("listening", resolve));
wss.on("connection", (ws) => {
  ws.send(OPEN);
  ws.on("message", (data) => {
    const text = data.toString();
    if (!text.startsWith("40")) return;
    // The namespace's connect carries the socket's auth: its user's token.
    const { token } = JSON.parse(text.slice(2) || "{}");
    const list = byToken.get(token) ?? [];
    list.push(ws);
    byToken.set(token, list);
    ws.send(`40${JSON.stringify({ sid: randomUUID() })}`);
  });
});
const pings = setInterval(() => {
  for (const ws of wss.clients) ws.send("2");
}, PING_MS);

/** What the hub sends a user for a group message: Notify with their own notification. */
function notify(userId, contents) {
  const notification = {
    id: randomUUID(),
    userId,
    title: "member000 in Everyone",
    contents,
    url: "/groups/00000000-0000-4000-8000-000000000000",
    icon: "message",
    senderProfile: { id: randomUUID(), kind: "user", name: "member000", logo: null },
    tags: ["message"],
    threadId: randomUUID(),
    isOpened: false,
    isArchived: false,
    createdDate: new Date().toISOString(),
  };
  const data = { tags: notification.tags, url: notification.url, threadId: notification.threadId };
  return `42${JSON.stringify(["Notify", { ...data, notification }])}`;
}

const { ask, reply, stop } = forkSockets();
const tokens = Array.from({ length: USERS - 1 }, (_, i) => `user${i}`);
const connected = await ask({
  type: "connect",
  url: `http://127.0.0.1:${wss.address().port}`,
  tokens,
  perUser: Math.ceil(SOCKETS / tokens.length),
});

const rounds = [];
for (let round = 0; round <= ROUNDS; round++) {
  await ask({ type: "collect", expected: connected.sockets });
  const done = reply();
  const sent = performance.timeOrigin + performance.now();
  const cpu = process.cpuUsage();
  for (const token of tokens) {
    const text = Buffer.from(notify(token, `t=${sent.toFixed(3)} k=floor`));
    for (const ws of byToken.get(token) ?? []) ws.send(text, { binary: false });
  }
  const pushedMs = performance.timeOrigin + performance.now() - sent;
  const result = await done;
  const { user, system } = process.cpuUsage(cpu);
  if (round > 0)
    rounds.push({
      deliveries: result.received,
      latencyMs: latencySummary(result.latencies),
      pushedMs: Math.round(pushedMs),
      serverCpuMs: Math.round((user + system) / 1000),
      clientCpuMs: result.cpuMs,
    });
  await new Promise((resolve) => setTimeout(resolve, 300));
}
clearInterval(pings);
stop();
wss.close();
for (const ws of wss.clients) ws.terminate();
console.log(
  `BENCH_RESULT ${JSON.stringify({ sockets: connected.sockets, connectMs: connected.ms, rounds })}`,
);
