export { firstFreePort, freePort } from "./free-port.js";
