export { insertMatch } from "@tender/testing";
