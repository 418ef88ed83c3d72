/** What `tender status` reads, and the database ping. */
export * from "./ping-database.js";
export * from "./status.repository.js";
