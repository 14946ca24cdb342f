// A second instance of the built server, for a journey that needs settings the shared one (serve.mjs)
// does not have: on a free port, with a throw-away data folder, no demo network, stopped by close().
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type TAppServer = { url: string; close: () => Promise<void> };

export async function startAppServer(env: Record<string, string>): Promise<TAppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-e2e-extra-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, "apps/server/dist/main.js")],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", process.stderr, process.stderr],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready when /readyz answers (150 s at most: a busy CI machine starts it slowly).
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}).`);
    const ok = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { url, close };
    if (waited > 150_000) {
      await close();
      throw new Error("The server did not become ready within 150 s.");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
