// Outbound calls (CRM webhooks, calendar feeds) refuse this server's own network: loopback, private,
// link-local and mapped addresses.
import { describe, expect, it } from "vitest";
import { isPrivateAddress, OutboundAddressError, requirePublicAddress } from "./outbound-address";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.5",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "fd00::1",
    "fe80::1",
    "::ffff:10.0.0.1",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700::1111", "::ffff:1.1.1.1"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("requirePublicAddress", () => {
  it("refuses a URL naming a private address or a name that resolves to one", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://[::1]:8443/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/hook",
    ]) {
      const refused = requirePublicAddress(url);
      await expect(refused, url).rejects.toThrow(/private network address/);
      await expect(refused, url).rejects.toBeInstanceOf(OutboundAddressError);
    }
  });

  it("accepts an address on the internet without a lookup", async () => {
    await expect(requirePublicAddress("https://93.184.216.34/hook")).resolves.toBeUndefined();
  });
});
