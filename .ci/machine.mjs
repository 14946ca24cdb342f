// What CI shares its machine with, read from /proc (Linux), for .ci/run:
//   node .ci/machine.mjs state                    the machine before CI starts: cores, load, busiest processes
//   node .ci/machine.mjs leftovers <ciPid>        stops what earlier runs left (servers, browsers, test runners)
//   node .ci/machine.mjs join <ciPid>             puts CI in a CPU-accounting cgroup of its own, where it can
//   node .ci/machine.mjs leave <ciPid>            takes it out again and removes the cgroup
//   node .ci/machine.mjs snapshot <ciPid> <file>  the counters at a step's start
//   node .ci/machine.mjs report <ciPid> <file>    the step's CPU: CI's own processes, everything else, stolen
// CI's own CPU is its cgroup's (every process CI started, also those that left its process tree:
// a headless browser that its parent never reaped runs on under init), or, where no cgroup can be
// made, <ciPid> and its descendants with the children they have reaped (cutime). Everything else
// is the machine's busy time less that (the local PostgreSQL serving CI's tests counts there too).
// Nothing here changes what a test does.
import fs from "node:fs";
import os from "node:os";

const TICK = 100; // USER_HZ: clock ticks per second on Linux

/** Every process now: its parent, its name, its own and its reaped children's CPU ticks. */
function processes() {
  const all = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The name is in parentheses and may hold spaces: the fields after it are split apart.
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      let command = name;
      try {
        command =
          fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim() || name;
      } catch {}
      all.set(Number(entry), {
        ppid: Number(fields[1]),
        name,
        command,
        own: utime + stime,
        reaped: cutime + cstime,
      });
    } catch {
      // gone between the listing and the read
    }
  }
  return all;
}

/** The pids of `root` and its descendants. */
function treeOf(all, root) {
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of all)
      if (!tree.has(pid) && tree.has(p.ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return tree;
}

/** `pid`'s ancestors, up to init. */
function ancestorsOf(all, pid) {
  const up = new Set();
  for (let p = all.get(pid)?.ppid; p && !up.has(p); p = all.get(p)?.ppid) up.add(p);
  return up;
}

/** The machine's CPU counters (ticks): busy (user, nice, system, irq, softirq), stolen, all. */
function cpu() {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, steal, all: busy + idle + iowait + steal };
}

const seconds = (ticks) => (ticks / TICK).toFixed(0);
const short = (command) => (command.length > 90 ? `${command.slice(0, 87)}...` : command);

/**
 * Where a CPU-accounting cgroup can be made, and how its usage reads in ticks: cgroup v1's cpuacct
 * controller (nanoseconds), or cgroup v2's cpu.stat (microseconds), mounted alone or beside v1.
 */
const CGROUP_KINDS = [
  {
    root: "/sys/fs/cgroup/cpuacct",
    usage: (dir) => Number(fs.readFileSync(`${dir}/cpuacct.usage`, "utf8")) / (1e9 / TICK),
  },
  ...["/sys/fs/cgroup/unified", "/sys/fs/cgroup"].map((root) => ({
    root,
    usage: (dir) =>
      Number(/usage_usec (\d+)/.exec(fs.readFileSync(`${dir}/cpu.stat`, "utf8"))?.[1]) /
      (1e6 / TICK),
  })),
];
const cgroupName = (ciPid) => `hostfield-ci-${ciPid}`;

/** CI's cgroup, if `join` made one: its folder and its CPU use so far, in ticks. */
function cgroupOf(ciPid) {
  for (const kind of CGROUP_KINDS) {
    const dir = `${kind.root}/${cgroupName(ciPid)}`;
    if (!fs.existsSync(dir)) continue;
    try {
      const used = kind.usage(dir);
      if (Number.isFinite(used)) return { dir, root: kind.root, used };
    } catch {}
  }
  return null;
}

function snapshot(ciPid) {
  const all = processes();
  const tree = treeOf(all, ciPid);
  let ci = cgroupOf(ciPid)?.used;
  if (ci === undefined) {
    ci = 0;
    for (const pid of tree) ci += all.get(pid).own + all.get(pid).reaped;
  }
  const others = {};
  for (const [pid, p] of all) if (!tree.has(pid)) others[pid] = { own: p.own, command: p.command };
  return { at: Date.now(), cpu: cpu(), ci, others };
}

const [command, arg, file] = process.argv.slice(2);

if (command === "state") {
  const busiest = [...processes()]
    .sort((a, b) => b[1].own - a[1].own)
    .slice(0, 5)
    .map(([pid, p]) => `  ${seconds(p.own).padStart(6)} cpu-s  ${pid} ${short(p.command)}`);
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `${os.cpus().length} cores; load average ${one} ${five} ${fifteen}; ${(
      os.freemem() / 2 ** 30
    ).toFixed(1)} GiB free of ${(os.totalmem() / 2 ** 30).toFixed(1)}`,
  );
  console.log(`busiest processes since they started:\n${busiest.join("\n")}`);
} else if (command === "leftovers") {
  // What an earlier run, bench or session may have left: our servers, headless browsers, test runners.
  const OURS =
    /chromium|chrome-headless|apps\/server\/(dist\/main\.js|src\/main\.ts)|e2e\/serve\.mjs|vitest|playwright|bench\/|tsx .*\/cli\//;
  const ciPid = Number(arg);
  const all = processes();
  const spared = new Set([...treeOf(all, ciPid), ...ancestorsOf(all, ciPid), process.pid]);
  const stray = [...all].filter(([pid, p]) => !spared.has(pid) && OURS.test(p.command));
  for (const [pid] of stray) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
  if (stray.length === 0) console.log("no leftovers of earlier runs");
  for (const [pid, p] of stray)
    console.log(`stopped leftover ${pid} (${seconds(p.own)} cpu-s so far): ${short(p.command)}`);
} else if (command === "join") {
  // Needs root and a writable cgroup hierarchy; without them the process tree is counted instead.
  const joined = CGROUP_KINDS.some(({ root, usage }) => {
    const dir = `${root}/${cgroupName(arg)}`;
    try {
      if (!fs.existsSync(`${root}/cgroup.procs`)) return false;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(`${dir}/cgroup.procs`, String(arg));
      return Number.isFinite(usage(dir));
    } catch {
      try {
        fs.rmdirSync(dir);
      } catch {}
      return false;
    }
  });
  console.log(
    joined
      ? "CI's CPU is counted by a cgroup of its own"
      : "no cgroup for CI here: its CPU is its process tree's",
  );
} else if (command === "leave") {
  const group = cgroupOf(arg);
  if (group) {
    try {
      // Whatever is still in it goes back to the root group, so the folder can be removed.
      const pids = fs.readFileSync(`${group.dir}/cgroup.procs`, "utf8").split("\n").filter(Boolean);
      for (const pid of pids) fs.writeFileSync(`${group.root}/cgroup.procs`, pid);
      fs.rmdirSync(group.dir);
    } catch {}
  }
} else if (command === "snapshot") {
  fs.writeFileSync(file, JSON.stringify(snapshot(Number(arg))));
} else if (command === "report") {
  const before = JSON.parse(fs.readFileSync(file, "utf8"));
  const now = snapshot(Number(arg));
  const wall = (now.at - before.at) / 1000;
  const busy = now.cpu.busy - before.cpu.busy;
  const all = now.cpu.all - before.cpu.all || 1;
  const ci = Math.max(0, now.ci - before.ci);
  const others = Math.max(0, busy - ci);
  const outside = Object.entries(now.others)
    .map(([pid, p]) => ({ pid, command: p.command, used: p.own - (before.others[pid]?.own ?? 0) }))
    .filter((p) => p.used >= TICK)
    .sort((a, b) => b.used - a.used)
    .slice(0, 3)
    .map((p) => `${seconds(p.used)} cpu-s ${p.pid} ${short(p.command)}`);
  console.log(
    `${wall.toFixed(0)} s wall; CPU: CI ${seconds(ci)} s, others ${seconds(others)} s, stolen by the host ${(
      (100 * (now.cpu.steal - before.cpu.steal)) / all
    ).toFixed(1)}%; load average now ${os.loadavg()[0].toFixed(2)}`,
  );
  if (outside.length) console.log(`  busiest outside CI: ${outside.join("; ")}`);
} else {
  console.error(
    "usage: node .ci/machine.mjs state | leftovers|join|leave <ciPid> | snapshot|report <ciPid> <file>",
  );
  process.exit(2);
}
