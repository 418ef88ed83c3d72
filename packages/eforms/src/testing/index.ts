export { type SyntheticEformsNoticeOptions, syntheticEformsNotice } from "./synthetic-eforms-notice.js";
