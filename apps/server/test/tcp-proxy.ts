// A TCP proxy between the server (in-process, or spawned by the fault suite) and its database, that
// a test turns into the network faults an outside probe used: a cut (every connection reset, new
// ones reset at once) and a black hole (nothing forwarded either way, new connections accepted and
// left hanging), and back. After a black hole what waited is delivered, as TCP's retransmissions
// would. The target is a host and port, or a unix socket (PGlite's).
import net from "node:net";

export type TTcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Resets every connection and refuses new ones until `restore`. */
  cut(): void;
  /** Forwards nothing (both ways) and leaves new connections hanging until `restore`. */
  blackHole(): void;
  /** Passes traffic again; held connections go on from where they stopped. */
  restore(): void;
  close(): Promise<void>;
};

type TLink = { client: net.Socket; upstream: net.Socket | null; held: boolean };

export type TProxyTarget = { host: string; port: number } | { path: string };

export async function startTcpProxy(target: TProxyTarget): Promise<TTcpProxy> {
  let mode: "pass" | "cut" | "blackHole" = "pass";
  const links = new Set<TLink>();

  const end = (link: TLink) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };
  const flow = (link: TLink) => {
    const upstream = link.upstream!;
    link.client.pipe(upstream);
    upstream.pipe(link.client);
    link.client.resume();
    upstream.resume();
  };
  const connect = (link: TLink) => {
    const upstream = net.connect(target);
    link.upstream = upstream;
    upstream.on("error", () => end(link));
    upstream.on("close", () => end(link));
    flow(link);
  };
  const hold = (link: TLink) => {
    link.held = true;
    link.client.unpipe();
    link.client.pause();
    if (link.upstream) {
      link.upstream.unpipe();
      link.upstream.pause();
    }
  };

  const server = net.createServer((client) => {
    if (mode === "cut") {
      client.resetAndDestroy();
      return;
    }
    const link: TLink = { client, upstream: null, held: false };
    links.add(link);
    client.on("error", () => end(link));
    client.on("close", () => end(link));
    if (mode === "blackHole") hold(link);
    else connect(link);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    through(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    cut() {
      mode = "cut";
      for (const link of [...links]) {
        link.client.resetAndDestroy();
        end(link);
      }
    },
    blackHole() {
      mode = "blackHole";
      for (const link of links) hold(link);
    },
    restore() {
      mode = "pass";
      for (const link of links) {
        if (!link.held) continue;
        link.held = false;
        if (link.upstream) flow(link);
        else connect(link);
      }
    },
    async close() {
      for (const link of [...links]) end(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
