export { withDatabase } from "./database-url.js";
export { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from "./test-database.js";
export { testNatsUrl, uniqueBusToken } from "./test-nats.js";
