import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import type { AddressPolicy } from "./address-policy.js";
import { EgressError } from "./egress-error.js";
import { canonicalAddress, ipFamily, unbracket } from "./ip-address.js";

/** Resolves a host name to every address it has (tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

/** The operating system's resolver, as a browser would use it. */
export const systemResolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses an outbound call may connect to for `hostname`. Every resolved address is checked,
 * and one forbidden address refuses the host: a name that mixes public and internal addresses
 * is not trusted. The caller connects only to the returned addresses, so a second, different
 * DNS answer (rebinding) is never used.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  options: { addressReason: AddressPolicy; resolveHost: ResolveHost },
): Promise<LookupAddress[]> {
  const host = unbracket(hostname);
  // IPv4 text in another form (`2852039166`, `0x7f.1`) is the address it stands for, as for
  // a resolver: it is judged and connected to as its dotted quad, with no DNS query.
  const literal = canonicalAddress(host);
  const addresses = literal
    ? [{ address: literal, family: ipFamily(literal) as number }]
    : await resolve(host, options.resolveHost);
  for (const { address } of addresses) {
    const reason = options.addressReason(address);
    if (reason) throw new EgressError("refused", `refused: ${address} is ${reason}`);
  }
  return addresses;
}

async function resolve(host: string, resolveHost: ResolveHost): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // EAI_AGAIN is a resolver that did not answer in time, not a name that does not exist.
    if (code === "EAI_AGAIN")
      throw new EgressError("network", `DNS lookup of ${host} failed`, { retryable: true });
    throw new EgressError("network", `host not found: ${host}`);
  }
  if (addresses.length === 0) throw new EgressError("network", `host not found: ${host}`);
  return addresses;
}
