export { edgeDateTimeArb, type HostileCandidate, hostileCandidateArb } from "./hostile-record-arb.js";
export {
  type ReplayHandler,
  type ReplayRequest,
  type ReplayResponse,
  type ReplayServer,
  startReplayServer,
} from "./replay-server.js";
export { tenderCandidate } from "./tender-candidate.js";
