export { SOURCES, sourceByCode, sourceChoice } from "./source-registry.js";
