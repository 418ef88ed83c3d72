export { type AddressPolicy, forbiddenAddressReason, metadataAddressReason } from "./address-policy.js";
export { checkEgressUrl } from "./check-egress-url.js";
export { createLimiter, type Limiter } from "./create-limiter.js";
export { EgressError, type EgressErrorCode } from "./egress-error.js";
export {
  createHostAllowlist,
  type HostAllowlist,
  type HostEntry,
  isHostEntry,
  normalizeHost,
  parseHostEntry,
  parseHostList,
} from "./host-allowlist.js";
export { embeddedIpv4s } from "./ip-address.js";
export {
  type EgressPolicy,
  type EgressRequest,
  type EgressResponse,
  openEgressRequest,
} from "./open-egress-request.js";
export { capBody, checkDeclaredLength, readCappedBody, readCappedText } from "./read-capped-body.js";
export { type ResolveHost, resolveAllowedAddresses, systemResolveHost } from "./resolve-allowed-addresses.js";
export { parseRetryAfter } from "./retry-after.js";
export { type Hop, type HopResponse, type HopTimeouts, type SendHop, sendHop } from "./send-hop.js";
