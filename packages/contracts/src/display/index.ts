// A subpath of its own, free of dependencies, so the web app can bundle it alone.
export { showBidiControls } from "./show-bidi-controls.js";
export { sourceLabel } from "./source-label.js";
