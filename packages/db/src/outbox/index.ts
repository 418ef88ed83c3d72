/** The outbox: events written with the change, claimed and marked by the relay. */
export * from "./enqueue-tender-changed.js";
export * from "./enqueue-tender-indexed.js";
export * from "./outbox.repository.js";
export * from "./outbox.table.js";
