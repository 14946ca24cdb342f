// A private Redis for a fault test: its own port, nothing saved, started and killed by the test
// (never the shared one on 6379).
import { type ChildProcess, spawn } from "node:child_process";
import { freePort, tryConnect } from "./processes";

export type TRedis = {
  url: string;
  port: number;
  /** kill -9: Redis is gone at once, its clients see the connection drop. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after kill). */
  restart(): Promise<void>;
};

const accepts = async (port: number) => (await tryConnect(port)) === null;

/** Starts redis-server on a free port (or `port`) and resolves once it accepts connections. */
export async function startRedis(port?: number): Promise<TRedis> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | null = null;
  const launch = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    child = started;
    const deadline = Date.now() + 20_000;
    while (!(await accepts(chosen))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server did not start on port ${chosen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await gone;
    },
    restart: launch,
  };
}
