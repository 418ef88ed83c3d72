export { eformsResultViolations } from "./eforms-result-violations.js";
export { readEformsFixture } from "./read-eforms-fixture.js";
export { type SyntheticEformsNoticeOptions, syntheticEformsNotice } from "./synthetic-eforms-notice.js";
