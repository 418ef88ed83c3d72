// The indexer's modules of one built checkout (its dist/), so a benchmark can run the indexer
// of an older commit beside this one. Entry scripts load this file with a typed dynamic import,
// as bench/search/bench-lib.ts explains.
import { join } from "node:path";

// biome-ignore lint/suspicious/noExplicitAny: modules of another checkout, loaded by path
type Module = any;

/** What the indexer benchmarks use of a checkout at `root` (after `pnpm build` there). */
export async function loadCheckout(root: string) {
  const from = (path: string): Promise<Module> => import(join(root, path));
  return {
    db: await from("packages/db/dist/index.js"),
    contracts: await from("packages/contracts/dist/index.js"),
    storage: await from("packages/storage/dist/index.js"),
    ai: await from("packages/ai/dist/index.js"),
    /** seedTender, without the test runner @tender/testing's index pulls in. */
    testing: await from("packages/testing/dist/seed-tender.js"),
    indexTender: (await from("services/indexer/dist/index-tender.js")).indexTender,
    createExtractorPool: (await from("services/indexer/dist/extraction/create-extractor-pool.js"))
      .createExtractorPool,
  };
}
