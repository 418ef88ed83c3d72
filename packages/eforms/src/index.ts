export { EFORMS_LIMITS, type EformsLimits } from "./eforms-limits.js";
export {
  AWARD_STATUSES,
  EformsChange,
  EformsLot,
  EformsLotAward,
  EformsModification,
  EformsMoney,
  EformsNoticeRef,
  EformsNoticeV1,
  EformsOrganisation,
  EformsResult,
} from "./eforms-notice-v1.js";
export type { EformsRefusal, EformsRefusalCode } from "./eforms-refusal.js";
export { EFORMS_ROOTS, type EformsParseResult, parseEformsNotice } from "./parse-eforms-notice.js";
export {
  type ContractingSystem,
  DPS_CODES,
  FRAMEWORK_AGREEMENT_CODES,
  frameworkOf,
} from "./read-contracting-system.js";
