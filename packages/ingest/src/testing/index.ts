export {
  type HostileOcdsRelease,
  hostileOcdsReleaseArb,
  ocdsReleaseCandidate,
} from "./hostile-ocds-release-arb.js";
export {
  edgeDateTimeArb,
  type HostileCandidate,
  hostileCandidateArb,
  hostileUnits,
} from "./hostile-record-arb.js";
export {
  type ReplayHandler,
  type ReplayRequest,
  type ReplayResponse,
  type ReplayServer,
  startReplayServer,
} from "./replay-server.js";
export { tenderCandidate } from "./tender-candidate.js";
