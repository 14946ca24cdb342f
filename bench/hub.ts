// `npm run bench -- hub`: 5,000 sockets on one server process, each receiving one broadcast (a
// message to a group of every user) and one direct message. The server runs here, on the embedded
// database or (DATABASE_URL) on a fresh database of that PostgreSQL server, dropped at the end; the
// sockets live in a child process (bench/hub-clients.mjs) so they do not share its event loop.
// Prints one line `BENCH_RESULT {json}`: delivery latency p50/p99, deliveries per second, each process's CPU, and
// the broadcast's time on the server (its POST answered, its first and last user's push).
import { buildTestApp } from "../apps/server/test/helper";
import { signInPeople } from "../apps/server/test/oidc-driver";
import { forkSockets } from "./hub-sockets.mjs";
import { latencySummary } from "./latency.mjs";

const USERS = Number(process.env.BENCH_HUB_USERS ?? 100);
const SOCKETS = Number(process.env.BENCH_HUB_SOCKETS ?? 5000);
const V = "api-version=1.0";

const t = await buildTestApp({ env: { RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "warn" } });
try {
  const names = Array.from({ length: USERS }, (_, i) => `member${String(i).padStart(3, "0")}`);
  const started = Date.now();
  const tokens = await signInPeople(t.app, t.app.db, names, "correct horse 42");
  const api = async (method: string, url: string, who: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as "POST",
      url: `/user-mgmt/api${url}?${V}`,
      headers: { authorization: `Bearer ${tokens[who]!.access_token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const ids: string[] = [];
  for (const name of names) ids.push((await api("GET", "/users/my", name)).id);
  const [sender, ...receivers] = names;
  // Nobody joins a group without accepting (issue 21): the sender invites each receiver, who
  // accepts through the API, one at a time (a group keeps at most 50 invitations waiting).
  const group = (await api("POST", "/groups", sender!, { data: { name: "Everyone" } })).id;
  for (const [i, name] of receivers.entries()) {
    const invitation = await api("POST", `/groups/${group}/members`, sender!, {
      data: { userId: ids[i + 1] },
    });
    await api("POST", `/groups/invitations/${invitation.id}/accept`, name);
  }
  const { memberCount } = await api("GET", `/groups/${group}`, sender!);
  if (memberCount !== USERS) throw new Error(`"Everyone" has ${memberCount} members, not ${USERS}`);
  const directs: string[] = [];
  for (const id of ids.slice(1)) directs.push(await api("POST", `/users/${id}/message`, sender!));
  console.error(`# ${USERS} users signed in and groups made in ${Date.now() - started} ms`);

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address() as { port: number };
  // Every receiver holds the same number of sockets; the sender holds none.
  const perUser = Math.ceil(SOCKETS / receivers.length);
  const { ask, reply, stop } = forkSockets();
  const connected: { sockets: number; ms: number } = await ask({
    type: "connect",
    url: `http://127.0.0.1:${address.port}`,
    tokens: receivers.map((name) => tokens[name]!.access_token),
    perUser,
  });
  console.error(`# ${connected.sockets} sockets connected in ${connected.ms} ms`);

  const expected = connected.sockets * 2;
  // The sockets count what arrives from their answer on (the first POST must not beat them).
  await ask({ type: "collect", expected });
  const done: Promise<{
    received: number;
    latencies: number[];
    byKind: Record<string, number[]>;
    firstSent: number;
    lastReceived: number;
    cpuMs: number;
  }> = reply();
  // One broadcast to the group, then one direct message to each receiver; the send time rides in the body.
  const stamp = (kind: string) =>
    `t=${(performance.timeOrigin + performance.now()).toFixed(3)} k=${kind}`;
  // When the server handed each of the broadcast's notifications to the hub (this listener runs
  // after the hub's own, so after its emit to that user's sockets): with the POST's answer, where
  // the broadcast's time goes before its deliveries reach the sockets' process.
  const pushedAt: number[] = [];
  t.app.events.onSignal("NotificationCreated", ({ notification }) => {
    if (notification.contents.includes("k=group")) pushedAt.push(performance.now());
  });
  const serverCpu = process.cpuUsage();
  const broadcastSent = performance.now();
  await api("POST", `/groups/${group}/messages`, sender!, { data: { body: stamp("group") } });
  const broadcastAnswered = performance.now();
  for (const direct of directs) {
    await api("POST", `/groups/${direct}/messages`, sender!, { data: { body: stamp("direct") } });
  }
  const result = await done;
  const { user, system } = process.cpuUsage(serverCpu);
  stop();
  const seconds = (result.lastReceived - result.firstSent) / 1000;
  console.log(
    `BENCH_RESULT ${JSON.stringify({
      users: USERS,
      sockets: connected.sockets,
      connectMs: connected.ms,
      expectedDeliveries: expected,
      deliveries: result.received,
      latencyMs: latencySummary(result.latencies),
      // The same, apart: the broadcast's deliveries, and the direct messages'.
      byKindMs: Object.fromEntries(
        Object.entries(result.byKind).map(([kind, latencies]) => [kind, latencySummary(latencies)]),
      ),
      // The broadcast on the server, in ms from its send: the POST answered, its first and last
      // user's notifications pushed (the rest of its latency is the sockets' process reading).
      broadcastServerMs: {
        answered: Math.round(broadcastAnswered - broadcastSent),
        firstPushed: pushedAt.length ? Math.round(pushedAt[0]! - broadcastSent) : null,
        lastPushed: pushedAt.length ? Math.round(pushedAt.at(-1)! - broadcastSent) : null,
        usersPushed: pushedAt.length,
      },
      deliveriesPerSecond: Math.round(result.received / seconds),
      // From the first send to the last delivery, and each process's CPU meanwhile (the server's
      // includes the embedded database's, which runs on its thread).
      windowMs: Math.round(seconds * 1000),
      serverCpuMs: Math.round((user + system) / 1000),
      clientCpuMs: result.cpuMs,
      messagesPosted: 1 + directs.length,
    })}`,
  );
} finally {
  await t.close();
}
