// The outbound-address rule: an address a member gave us (a Web Push endpoint, a CRM webhook, a
// venue's calendar feed) must lead to the public internet, never to this server's own network (its
// database, a metadata service, an admin port, the machine itself). This file judges one IP
// address; `outbound-fetch.ts` resolves a URL's host once, judges every address and connects to
// the one it judged, and is the only way the server calls such an address.
//
// Refused: loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT,
// documentation, benchmarking, multicast, reserved and unspecified ranges, the IPv6 forms that
// carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that address is refused, and every
// address of this machine's own interfaces.
import { isIP } from "node:net";
import os from "node:os";

type TRange = { bytes: Uint8Array; prefix: number; why: string };

/** An address as bytes (4 or 16), or null when it is not an IP address. A zone (%eth0) is dropped. */
export function addressBytes(address: string): Uint8Array | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return Uint8Array.from(bare.split(".").map(Number));
  if (family === 6) return ipv6Bytes(bare);
  return null;
}

/** The 16 bytes of a valid IPv6 address (isIP said so), a dotted IPv4 tail included. */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(":") : []);
  const front = groupsOf(head);
  const back = groupsOf(tail);
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function range(cidr: string, why: string): TRange {
  const [address, prefix] = cidr.split("/") as [string, string];
  const bytes = addressBytes(address);
  if (!bytes) throw new Error(`not a network: ${cidr}`);
  return { bytes, prefix: Number(prefix), why };
}

function inRange(bytes: Uint8Array, { bytes: network, prefix }: TRange): boolean {
  if (bytes.length !== network.length) return false;
  const whole = prefix >> 3;
  for (let i = 0; i < whole; i++) if (bytes[i] !== network[i]) return false;
  const rest = prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((bytes[whole] ?? 0) & mask) === ((network[whole] ?? 0) & mask);
}

const IPV4_REFUSED: readonly TRange[] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "carrier-grade NAT"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved (IETF protocol assignments)"),
  range("192.0.2.0/24", "documentation"),
  range("192.88.99.0/24", "reserved (6to4 relay)"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "benchmarking"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

/** IPv6 forms that carry an IPv4 address: judged as that address. `at` is where its 4 bytes are. */
const IPV4_CARRIERS: readonly (TRange & { at: number })[] = [
  { ...range("::ffff:0:0/96", "IPv4-mapped"), at: 12 },
  { ...range("::/96", "IPv4-compatible"), at: 12 },
  { ...range("::ffff:0:0:0/96", "IPv4-translated"), at: 12 },
  { ...range("64:ff9b::/96", "NAT64"), at: 12 },
  { ...range("2002::/16", "6to4"), at: 2 },
];

/** Only global unicast (2000::/3) may be called, less these. */
const GLOBAL_UNICAST = range("2000::/3", "");
const IPV6_REFUSED: readonly TRange[] = [
  range("2001::/23", "reserved (IETF protocol assignments: Teredo, benchmarking, ORCHID)"),
  range("2001:db8::/32", "documentation"),
  range("3fff::/20", "documentation"),
];

/** Why an IPv6 address outside global unicast is refused, for the log. */
function ipv6Why(bytes: Uint8Array): string {
  if (bytes.every((b) => b === 0)) return "unspecified";
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return "loopback";
  if ((bytes[0]! & 0xfe) === 0xfc) return "private (unique local)";
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return "link-local";
  if (bytes[0] === 0xff) return "multicast";
  return "reserved";
}

/** Why the address (as bytes) is in a refused range, or null. */
function refusedRange(bytes: Uint8Array): string | null {
  if (bytes.length === 4) return IPV4_REFUSED.find((r) => inRange(bytes, r))?.why ?? null;
  // :: and ::1 before the IPv4-compatible form they also fit.
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15]! <= 1) return ipv6Why(bytes);
  const carrier = IPV4_CARRIERS.find((r) => inRange(bytes, r));
  if (carrier) {
    const why = refusedRange(bytes.slice(carrier.at, carrier.at + 4));
    return why && `${carrier.why} ${why}`;
  }
  if (!inRange(bytes, GLOBAL_UNICAST)) return ipv6Why(bytes);
  return IPV6_REFUSED.find((r) => inRange(bytes, r))?.why ?? null;
}

/** The IPv4 address an IPv4-mapped IPv6 address carries, else the address itself (as bytes). */
function unmapped(bytes: Uint8Array): Uint8Array {
  return bytes.length === 16 && inRange(bytes, IPV4_CARRIERS[0]!) ? bytes.slice(12) : bytes;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Every address of this machine's network interfaces, read now (they change with DHCP, VPNs). */
export function ownInterfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) =>
    (list ?? []).map((entry) => entry.address),
  );
}

/**
 * Why the server may not call this address ("loopback", "documentation", "this machine's own
 * address", …), or null when it is on the public internet. Not an IP address at all: refused too.
 * `own` is this machine's interface addresses (tests pass their own).
 */
export function refusedAddressReason(
  address: string,
  own: readonly string[] = ownInterfaceAddresses(),
): string | null {
  const bytes = addressBytes(address);
  if (!bytes) return "not an IP address";
  const why = refusedRange(bytes);
  if (why) return why;
  const plain = unmapped(bytes);
  const ownBytes = own.map(addressBytes).filter((b): b is Uint8Array => b !== null);
  if (ownBytes.some((b) => sameBytes(unmapped(b), plain))) return "this machine's own address";
  return null;
}

/** Whether the server may call this address: on the public internet and not this machine's. */
export const isPublicAddress = (address: string, own?: readonly string[]) =>
  refusedAddressReason(address, own) === null;
