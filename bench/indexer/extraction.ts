// Extraction time per MB for PDF (the real TED notices) and DOCX (generated), in-process and
// through the extractor pool (child process, including the transfer of the bytes).
// Usage (after `pnpm build`): node bench/indexer/extraction.ts [runs, default 20]
import { readFile } from "node:fs/promises";
import { createExtractorPool } from "../../services/indexer/dist/extraction/create-extractor-pool.js";
import { extractDocument } from "../../services/indexer/dist/extraction/extract-document.js";
import { makeDocx } from "../../services/indexer/src/testing/make-documents.ts";

const runs = Number(process.argv[2] ?? 20);
const MB = 1024 * 1024;
const SYLLABLES =
  "ma ri to ne sa lo ve ca pi du ge fo la strad pon te ma nu ten zio ne as fal to lu ce".split(" ");

/** Paragraphs of pseudo-random words from a 3000-word vocabulary: compresses about like real prose. */
function paragraphs(count: number): string[] {
  let x = 42;
  const next = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const vocabulary = Array.from({ length: 3000 }, () =>
    Array.from({ length: 2 + next(3) }, () => SYLLABLES[next(SYLLABLES.length)]).join(""),
  );
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 40 }, () => vocabulary[next(vocabulary.length)]);
    return `${words.join(" ")}.`;
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

interface Doc {
  label: string;
  filename: string;
  bytes: Uint8Array;
}

const fixtures = new URL("../../packages/source-ted/fixtures/", import.meta.url);
const docs: Doc[] = [];
for (const filename of ["ted_notice_821062-2025_it.pdf", "ted_notice_821126-2025_it.pdf"]) {
  docs.push({
    label: `PDF ${filename}`,
    filename,
    bytes: new Uint8Array(await readFile(new URL(filename, fixtures))),
  });
}
for (const count of [1000, 6000]) {
  const bytes = makeDocx(paragraphs(count));
  docs.push({ label: `DOCX ${count} paragraphs`, filename: "spec.docx", bytes });
}

const pool = createExtractorPool({ size: 1, timeoutMs: 120_000, maxMemoryMb: 512 });
console.log(`median of ${runs} runs after one warm-up run`);
for (const doc of docs) {
  const input = { bytes: doc.bytes, filename: doc.filename, contentType: null };
  const first = await extractDocument(input);
  await pool.extract(input);
  const text = first.segments.reduce((n, s) => n + s.text.length, 0);
  const inProcess: number[] = [];
  const viaPool: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await extractDocument(input);
    inProcess.push(performance.now() - t);
    t = performance.now();
    await pool.extract(input);
    viaPool.push(performance.now() - t);
  }
  const size = doc.bytes.length / MB;
  console.log(
    `${doc.label}: ${(size * 1024).toFixed(0)} KiB file, ${(text / 1000).toFixed(0)}k characters of text; ` +
      `in-process ${median(inProcess).toFixed(1)} ms = ${(median(inProcess) / size).toFixed(0)} ms per MB of file; ` +
      `via pool (child process) ${median(viaPool).toFixed(1)} ms = ${(median(viaPool) / size).toFixed(0)} ms/MB; ` +
      `${(median(inProcess) / (text / MB)).toFixed(0)} ms per MB of text`,
  );
}
await pool.close();
