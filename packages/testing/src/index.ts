export { withDatabase } from "./database-url.js";
export { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";
export { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from "./test-database.js";
export { testNatsUrl, uniqueBusToken } from "./test-nats.js";
