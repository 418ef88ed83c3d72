export { abortableDelay } from "./abortable-delay.js";
export { type BackoffPolicy, backoffDelayMs } from "./backoff-delay-ms.js";
