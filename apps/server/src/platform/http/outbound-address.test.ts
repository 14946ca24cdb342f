// The outbound-address rule and the one way to call a member's address (outbound-fetch.ts): every
// refused range and the IPv6 forms that carry one, this machine's own addresses, a host name that
// resolves to a private address, the connection pinned to the address that was checked (a second
// DNS answer never decides it), no redirect followed, limits, and generic words for members with
// the low-level reason in the log only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, ownInterfaceAddresses, refusedAddressReason } from "./outbound-address";
import {
  checkOutboundUrl,
  OutboundError,
  outboundRequest,
  type TOutboundPolicy,
  type TResolver,
} from "./outbound-fetch";

const NO_OWN: string[] = [];

describe("refusedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.254", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private (unique local)"],
    ["fd12:3456::1", "private (unique local)"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["192.0.2.2", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.200", "documentation"],
    ["2001:db8::5", "documentation"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["2001:2::1", "reserved (IETF protocol assignments: Teredo, benchmarking, ORCHID)"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["192.0.0.8", "reserved (IETF protocol assignments)"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["100::1", "reserved"],
  ])("%s is refused: %s", (address, why) => {
    expect(refusedAddressReason(address, NO_OWN)).toBe(why);
    expect(isPublicAddress(address, NO_OWN)).toBe(false);
  });

  it.each([
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback"],
    ["::FFFF:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped link-local"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback"],
    ["::ffff:0:7f00:1", "IPv4-translated loopback"],
    ["64:ff9b::127.0.0.1", "NAT64 loopback"],
    ["64:ff9b::a00:1", "NAT64 private"],
    ["2002:c0a8:101::1", "6to4 private"],
    ["2002:7f00:1::", "6to4 loopback"],
  ])("%s carries a refused IPv4 address: %s", (address, why) => {
    expect(refusedAddressReason(address, NO_OWN)).toBe(why);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "192.0.3.1",
    "2606:4700::1111",
    "2a00:1450:4001:82b::200a",
    "::ffff:1.1.1.1",
    "64:ff9b::808:808",
  ])("%s is on the public internet", (address) => {
    expect(refusedAddressReason(address, NO_OWN)).toBeNull();
  });

  it("refuses this machine's own interface addresses, also written as IPv6", () => {
    const own = ["93.184.216.34", "2606:4700::6810:1"];
    expect(refusedAddressReason("93.184.216.34", own)).toBe("this machine's own address");
    expect(refusedAddressReason("::ffff:93.184.216.34", own)).toBe("this machine's own address");
    expect(refusedAddressReason("2606:4700:0:0::6810:1", own)).toBe("this machine's own address");
    expect(refusedAddressReason("93.184.216.35", own)).toBeNull();
    // The real interfaces, read from the system: each one refused.
    for (const address of ownInterfaceAddresses()) expect(isPublicAddress(address)).toBe(false);
  });

  it("refuses what is not an IP address", () => {
    expect(refusedAddressReason("example.com", NO_OWN)).toBe("not an IP address");
  });
});

// ---- calls ----

type TLogLine = { details: Record<string, unknown>; message: string };
function policyOf(overrides: Partial<TOutboundPolicy> = {}) {
  const lines: TLogLine[] = [];
  const policy: TOutboundPolicy = {
    allowLocal: false,
    log: { warn: (details, message) => void lines.push({ details: { ...details }, message }) },
    ownAddresses: () => NO_OWN,
    ...overrides,
  };
  return { policy, lines };
}

/** A resolver answering `answers` in turn (the last one again after), counting its calls. */
function resolverOf(...answers: string[]) {
  const asked: string[] = [];
  const resolve: TResolver = async (host) => {
    asked.push(host);
    const address = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  };
  return { resolve, asked };
}

const GET = { purpose: "test", timeoutMs: 2000, maxBytes: 1024 };

type TSeen = { path: string; host: string | undefined };
let server: http.Server;
let port = 0;
let connections = 0;
const seen: TSeen[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", host: req.headers.host });
    if (req.url === "/moved") {
      res.writeHead(302, { location: "/elsewhere" }).end();
    } else if (req.url === "/big") {
      res.writeHead(200).end("x".repeat(5000));
    } else if (req.url === "/hang") {
      // never answered
    } else res.writeHead(200, { "content-type": "text/plain" }).end("hello");
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe("checkOutboundUrl", () => {
  it("refuses a host name that resolves to a private address, in generic words, the address in the log only", async () => {
    const { policy, lines } = policyOf({ resolve: resolverOf("10.0.0.8").resolve });
    const refused = await checkOutboundUrl("https://crm.example/hook?token=s3cret", "test", policy)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundError);
    const error = refused as OutboundError;
    expect(error.message).toBe("The address is not allowed: it is not on the public internet.");
    expect(error.message).not.toContain("10.0.0.8");
    expect(error.refused).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.details).toMatchObject({ host: "crm.example", failure: "address" });
    expect(String(lines[0]!.details.reason)).toContain("10.0.0.8: private");
    // The URL's secret never reaches the log.
    expect(JSON.stringify(lines)).not.toContain("s3cret");
  });

  it("refuses a name when any one of its addresses is refused", async () => {
    const resolve: TResolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "::1", family: 6 },
    ];
    const { policy } = policyOf({ resolve });
    await expect(checkOutboundUrl("https://mixed.example/", "test", policy)).rejects.toMatchObject({
      failure: "address",
    });
  });

  it("refuses IP literals in any spelling without asking the resolver", async () => {
    const { resolve, asked } = resolverOf("93.184.216.34");
    const { policy } = policyOf({ resolve });
    for (const url of [
      "https://127.0.0.1/",
      "https://[::1]:8443/",
      "https://[::ffff:7f00:1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://2130706433/",
      "https://0x7f.0.0.1/",
      "https://169.254.169.254/latest/meta-data",
      "https://192.0.2.2:5432/",
    ]) {
      await expect(checkOutboundUrl(url, "test", policy), url).rejects.toMatchObject({
        failure: "address",
      });
    }
    expect(asked).toEqual([]);
  });

  it("refuses this machine's own address", async () => {
    const { policy } = policyOf({ ownAddresses: () => ["93.184.216.34"] });
    await expect(
      checkOutboundUrl("https://93.184.216.34:5432/", "test", policy),
    ).rejects.toMatchObject({ failure: "address", reason: expect.stringContaining("own address") });
  });

  it("refuses plain http unless local calls are allowed, and other schemes always", async () => {
    const { policy } = policyOf({ resolve: resolverOf("93.184.216.34").resolve });
    const http = await checkOutboundUrl("http://feeds.example/cal.ics", "test", policy).catch(
      (e: OutboundError) => e,
    );
    expect(http).toMatchObject({ failure: "scheme" });
    expect((http as OutboundError).message).toBe(
      "The address is not allowed: it must start with https://.",
    );
    const local = policyOf({ allowLocal: true }).policy;
    await expect(checkOutboundUrl("ftp://127.0.0.1/x", "test", local)).rejects.toMatchObject({
      failure: "scheme",
    });
    await expect(checkOutboundUrl("http://127.0.0.1/x", "test", local)).resolves.toMatchObject({
      address: "127.0.0.1",
    });
  });
});

describe("outboundRequest", () => {
  it("connects to the address it checked: the second DNS answer is never asked, the name stays the Host", async () => {
    // Local calls allowed, so that the pinned address can be this test's server.
    const { resolve, asked } = resolverOf("127.0.0.1", "10.255.255.1");
    const { policy } = policyOf({ allowLocal: true, resolve });
    const before = seen.length;
    const res = await outboundRequest(`http://feed.test:${port}/cal.ics`, GET, policy);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("hello");
    expect(asked).toEqual(["feed.test"]);
    expect(seen.slice(before)).toEqual([{ path: "/cal.ics", host: `feed.test:${port}` }]);
  });

  it("a name that rebinds to 127.0.0.1 after its check still leads to the checked public address, never here", async () => {
    // The first answer is public and passes; a second lookup (the connection's own; the system's
    // says the same of localhost) would say 127.0.0.1, where this test's server listens.
    const { resolve, asked } = resolverOf("93.184.216.34", "127.0.0.1");
    const { policy, lines } = policyOf({ resolve });
    const before = connections;
    const error = await outboundRequest(
      `https://localhost:${port}/`,
      { ...GET, timeoutMs: 500 },
      policy,
    ).catch((e: unknown) => e);
    // Whatever 93.184.216.34 did (no route here, or no answer in time), nothing came here.
    expect(connections).toBe(before);
    expect(asked).toEqual(["localhost"]);
    expect(error).toMatchObject({ failure: "unreachable" });
    expect(String(lines[0]!.details.reason)).toContain(`93.184.216.34:${port}`);
  });

  it("follows no redirect: the 3xx comes back with where it points", async () => {
    const { policy } = policyOf({ allowLocal: true });
    const before = seen.length;
    const res = await outboundRequest(`http://127.0.0.1:${port}/moved`, GET, policy);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`http://127.0.0.1:${port}/elsewhere`);
    expect(seen.slice(before).map((s) => s.path)).toEqual(["/moved"]);
  });

  it("reads at most maxBytes of the answer", async () => {
    const { policy } = policyOf({ allowLocal: true });
    const error = await outboundRequest(`http://127.0.0.1:${port}/big`, GET, policy).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ failure: "too-large" });
    expect((error as OutboundError).message).toBe("The address answered with more than 1 KB.");
  });

  it("words a closed port and a silent one alike for members; the log tells them apart", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { policy, lines } = policyOf({ allowLocal: true });
    const refused = await outboundRequest(`http://127.0.0.1:${closedPort}/`, GET, policy).catch(
      (e: OutboundError) => e,
    );
    const silent = await outboundRequest(
      `http://127.0.0.1:${port}/hang`,
      { ...GET, timeoutMs: 300 },
      policy,
    ).catch((e: OutboundError) => e);
    expect(refused).toBeInstanceOf(OutboundError);
    expect(silent).toBeInstanceOf(OutboundError);
    expect((refused as OutboundError).message).toBe("The address could not be reached.");
    expect((silent as OutboundError).message).toBe((refused as OutboundError).message);
    expect((refused as OutboundError).wordedFor("The webhook")).toBe(
      "The webhook could not be reached.",
    );
    expect(lines.map((l) => String(l.details.reason))).toEqual([
      expect.stringContaining("ECONNREFUSED"),
      expect.stringContaining("no answer within 300 ms"),
    ]);
  });
});
