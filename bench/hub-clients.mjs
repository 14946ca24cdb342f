// The sockets of bench/hub.ts and bench/bare-hub.mjs (forked by bench/hub-sockets.mjs), in a process
// of their own: connects them, then records how long each Notify took from the send time stamped in
// the message body, and how it came (`k=` in the body: group, direct, floor). "collect" is answered twice: at once,
// when the sockets count what arrives, and when all expected arrived (or a minute passed).
import { io } from "socket.io-client";

const HUB_PATH = "/user-mgmt/hub/users/session";
const sockets = [];
let collecting = null;
const now = () => performance.timeOrigin + performance.now();
const cpuMs = ({ user, system }) => Math.round((user + system) / 1000);

function onNotify(data) {
  if (!collecting) return;
  const sent = Number(/t=([\d.]+)/.exec(data.notification?.contents ?? "")?.[1]);
  if (!sent) return;
  const received = now();
  collecting.latencies.push(received - sent);
  const kind = /k=(\w+)/.exec(data.notification.contents)?.[1] ?? "other";
  collecting.byKind[kind] ??= [];
  collecting.byKind[kind].push(received - sent);
  collecting.firstSent = Math.min(collecting.firstSent, sent);
  collecting.lastReceived = received;
  if (collecting.latencies.length >= collecting.expected) finish();
}

function finish() {
  const c = collecting;
  collecting = null;
  clearTimeout(c.timer);
  process.send({
    received: c.latencies.length,
    latencies: c.latencies,
    byKind: c.byKind,
    firstSent: c.firstSent,
    lastReceived: c.lastReceived,
    // The sockets' own CPU while they waited and read: a client as busy as the window is long
    // measures itself, not the server.
    cpuMs: cpuMs(process.cpuUsage(c.cpu)),
  });
}

process.on("message", async (message) => {
  if (message.type === "connect") {
    const started = now();
    const pending = [];
    for (const token of message.tokens) {
      for (let i = 0; i < message.perUser; i++) {
        const socket = io(message.url, {
          path: HUB_PATH,
          auth: { token },
          transports: ["websocket"],
          reconnection: false,
          forceNew: true,
        });
        socket.on("Notify", onNotify);
        sockets.push(socket);
        pending.push(
          new Promise((resolve, reject) => {
            socket.once("connect", resolve);
            socket.once("connect_error", reject);
          }),
        );
        // Let the server breathe: a few hundred handshakes at a time.
        if (pending.length % 250 === 0) await Promise.all(pending.slice(-250));
      }
    }
    await Promise.all(pending);
    process.send({ sockets: sockets.length, ms: Math.round(now() - started) });
  } else if (message.type === "collect") {
    collecting = {
      expected: message.expected,
      latencies: [],
      byKind: {},
      firstSent: Number.POSITIVE_INFINITY,
      lastReceived: 0,
      cpu: process.cpuUsage(),
      // Whatever has not arrived in a minute is reported as missing.
      timer: setTimeout(() => finish(), 60_000),
    };
    // From now on every Notify counts: the sender may start.
    process.send({ type: "collecting" });
  }
});
