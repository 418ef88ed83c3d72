import type { LookupAddress } from "node:dns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, metadataAddressReason } from "./address-policy.js";
import { EgressError } from "./egress-error.js";
import { resolveAllowedAddresses } from "./resolve-allowed-addresses.js";

const answering = (addresses: LookupAddress[]) => ({
  addressReason: forbiddenAddressReason,
  resolveHost: async () => addresses,
});

describe("resolveAllowedAddresses", () => {
  it("returns every address of a name whose answer is all public", async () => {
    const addresses = [
      { address: "93.184.215.14", family: 4 },
      { address: "2a00:1450:4001:80b::200e", family: 6 },
    ];
    await expect(resolveAllowedAddresses("docs.example", answering(addresses))).resolves.toEqual(addresses);
  });

  it("refuses a DNS answer that mixes public and private addresses, whatever the order", async () => {
    const publicAddresses = ["93.184.215.14", "8.8.8.8", "2a00:1450:4001:80b::200e"];
    const internal = ["10.0.0.1", "127.0.0.1", "169.254.169.254", "::1", "fd00::1", "64:ff9b::7f00:1"];
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(publicAddresses),
        fc.constantFrom(...internal),
        fc.nat(),
        async (good, bad, at) => {
          const list = [...good];
          list.splice(at % (list.length + 1), 0, bad);
          const answer = list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
          const error = await resolveAllowedAddresses("mixed.example", answering(answer)).catch(
            (e: unknown) => e,
          );
          return (
            error instanceof EgressError &&
            error.code === "refused" &&
            error.message.startsWith(`refused: ${bad} is`)
          );
        },
      ),
    );
  });

  it("checks an IP literal without asking DNS", async () => {
    const options = { addressReason: forbiddenAddressReason, resolveHost: async () => [] };
    await expect(resolveAllowedAddresses("[::1]", options)).rejects.toThrow(
      "refused: ::1 is a loopback address",
    );
    await expect(resolveAllowedAddresses("8.8.8.8", options)).resolves.toEqual([
      { address: "8.8.8.8", family: 4 },
    ]);
  });

  it("reads an IPv4 literal in any form a resolver accepts as its dotted quad, without asking DNS", async () => {
    const options = {
      addressReason: metadataAddressReason,
      resolveHost: async (): Promise<LookupAddress[]> => {
        throw new Error("DNS asked");
      },
    };
    for (const host of ["2852039166", "0xa9fea9fe", "0251.0376.0251.0376", "169.254.43518"]) {
      await expect(resolveAllowedAddresses(host, options)).rejects.toThrow(
        "refused: 169.254.169.254 is a cloud metadata address",
      );
    }
    await expect(resolveAllowedAddresses("0x7f.1", options)).resolves.toEqual([
      { address: "127.0.0.1", family: 4 },
    ]);
  });

  it("tells a name that does not exist from a resolver that did not answer", async () => {
    const failing = (code: string) => ({
      addressReason: forbiddenAddressReason,
      resolveHost: async () => {
        throw Object.assign(new Error(code), { code });
      },
    });
    const missing = (await resolveAllowedAddresses("gone.example", failing("ENOTFOUND")).catch(
      (e) => e,
    )) as EgressError;
    expect([missing.message, missing.retryable]).toEqual(["host not found: gone.example", false]);
    const slow = (await resolveAllowedAddresses("slow.example", failing("EAI_AGAIN")).catch(
      (e) => e,
    )) as EgressError;
    expect([slow.message, slow.retryable]).toEqual(["DNS lookup of slow.example failed", true]);
  });
});
