/** Email channels, digests and messages, and signed mail links. */
export * from "./email-channels.repository.js";
export * from "./email-channels.table.js";
export * from "./email-digest-content.repository.js";
export * from "./email-link-token.js";
export * from "./email-messages.repository.js";
export * from "./email-messages.table.js";
export * from "./unsent-emails.repository.js";
