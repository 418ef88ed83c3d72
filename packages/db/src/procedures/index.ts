/** Procedures: links between notices, timelines, cross-portal joins. */
export * from "./cross-portal.repository.js";
export * from "./cross-portal-links.repository.js";
export * from "./procedure-links.repository.js";
export * from "./procedure-notice-list.repository.js";
export * from "./procedure-timeline.repository.js";
export * from "./procedures.repository.js";
export * from "./unlinked-notices.repository.js";
