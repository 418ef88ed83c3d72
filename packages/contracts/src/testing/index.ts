export * from "./arbitraries.js";
