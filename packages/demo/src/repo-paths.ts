import { fileURLToPath } from "node:url";

// This file sits directly in packages/demo/src (sources) or packages/demo/dist (built): both are
// three levels below the repository root and one below the package.

/** The repository root (services are started from `<root>/services/<name>/dist/main.js`). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The demo's own data (`packages/demo/fixtures`): the TED page derived from the notice PDFs. */
export const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));
