// The outbound-address rule: a call to an address a member typed (a CRM webhook, a venue's calendar
// feed) must lead to the internet, not to this server's own network (its database, metadata service
// or admin ports). The host's every address is checked before each call. A name that resolves
// elsewhere between the check and the connection (DNS rebinding) is not caught here; a deployment
// that needs that closes it at the egress.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** The address may not be called: its host is unknown or on this network. Callers word it as theirs. */
export class OutboundAddressError extends Error {
  override name = "OutboundAddressError";
}

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** Whether the address is one of this network's own (loopback, private, link-local, multicast). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
    return PRIVATE.check(address, "ipv6");
  }
  return PRIVATE.check(address, "ipv4");
}

/**
 * Refuses (OutboundAddressError) an address whose host cannot be found, or is or resolves to a
 * private address.
 */
export async function requirePublicAddress(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new OutboundAddressError(`The host ${host} could not be found.`);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new OutboundAddressError(
      `The host ${host} is a private network address; use an address on the internet.`,
    );
  }
}
