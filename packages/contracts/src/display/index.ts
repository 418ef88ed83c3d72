// A subpath of its own, free of dependencies, so the web app can bundle it alone.

export { describeNoticeChanges, type FollowUpLike, followUpTitle } from "./describe-follow-up.js";
export { showBidiControls } from "./show-bidi-controls.js";
export { sourceLabel } from "./source-label.js";
