// CPU per MB of `parseEformsNotice` (issue 32, finding 6): the largest notice of the datasets, a
// generated 500-lot award notice, and the worst notices the parse budget still reads (each count
// just under its limit), then the hostile notices of the finding, now refused. Each is parsed
// `runs` times after one warm-up; it prints the median time, MB and s/MB, with the load average.
// Usage (after `pnpm build`): node bench/eforms/parse-budget.ts [runs, default 5]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseEformsNotice } from "../../packages/eforms/dist/index.js";

// The test helper is not built into dist: loaded from its source (Node strips the types).
const synthetic = "../../packages/eforms/src/testing/synthetic-eforms-notice";
const { syntheticEformsNotice } = (await import(
  `${synthetic}${".ts"}`
)) as typeof import("../../packages/eforms/src/testing/synthetic-eforms-notice.js");
const readEformsFixture = (file: string) =>
  readFileSync(new URL(`../../packages/eforms/fixtures/${file}`, import.meta.url));

const runs = Number(process.argv[2] ?? 5);
const real = readEformsFixture("eforms_real_chain_4_award_380868-2026.xml").toString("utf8");
const at = "<cbc:UBLVersionID";
const insert = (markup: string) => real.replace(at, `${markup}${at}`);
const wide = `<x${Array.from({ length: 50 }, (_, i) => ` a${i}="v"`).join("")}/>`;
const lotResult = /<efac:LotResult>.*?<\/efac:LotResult>/;

const cases: [string, () => string][] = [
  [
    "largest dataset notice (maximal example)",
    () => readEformsFixture("FICTIONAL_eforms_example_award_can_24_maximal.xml").toString("utf8"),
  ],
  ["500-lot award notice, a tender per lot", () => syntheticEformsNotice({ lots: 500, tenderPerLot: true })],
  ["budget: 249,000 elements with text", () => insert("<a>xxxxxxxxxxxxxxxxxxxxxxxxxxxx</a>".repeat(249_000))],
  ["budget: 99,000 attributes, 50 per element", () => insert(wide.repeat(1_980))],
  ["budget: 99,000 references", () => insert(`<x>${"&amp; x".repeat(99_000)}</x>`)],
  [
    "budget: 9,999 lot results",
    () => syntheticEformsNotice({ lots: 1 }).replace(lotResult, (r: string) => r.repeat(9_999)),
  ],
  ["budget: 9.6 MB of text", () => insert(`<x>${"abc ".repeat(2_400_000)}</x>`)],
  [
    "refused: 600,000 references in 9.6 MB",
    () => insert(`<x>${"&amp;&#65; x".repeat(300_000)}${" ".repeat(5_000_000)}</x>`),
  ],
  [
    "refused: 200,000 attributes on one element",
    () => insert(`<x${Array.from({ length: 200_000 }, (_, i) => ` a${i}="v"`).join("")}/>`),
  ],
  [
    "refused: 20,000 lot results",
    () => syntheticEformsNotice({ lots: 1 }).replace(lotResult, (r: string) => r.repeat(20_000)),
  ],
];

console.log(
  `parseEformsNotice, median of ${runs} runs after a warm-up; load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
for (const [label, make] of cases) {
  const xml = make();
  const mb = Buffer.byteLength(xml) / 1e6;
  const first = parseEformsNotice(xml);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    parseEformsNotice(xml);
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  const outcome = first.ok ? "read" : first.code;
  console.log(
    `${label}: ${mb.toFixed(2)} MB, ${median.toFixed(0)} ms, ${(median / 1000 / mb).toFixed(2)} s/MB, ${outcome}`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
