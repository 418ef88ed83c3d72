import { readFile } from "node:fs/promises";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { afterAll, describe, expect, it } from "vitest";
import { makeDocx, makeInflatingPdf, makePdf, makeZip } from "../testing/make-documents.js";
import { createExtractorPool } from "./create-extractor-pool.js";
import type { Extractor } from "./extraction-types.js";

const pools: Extractor[] = [];
const pool = (options: Partial<Parameters<typeof createExtractorPool>[0]> = {}) => {
  const created = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256, ...options });
  pools.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

const pdfFixture = async () => new Uint8Array(await readFile(tedFixturePath(TED_FIXTURES.noticePdf821126)));

describe("extractor pool (child processes)", () => {
  it("extracts in a child process and leaves the caller's buffer as it was", async () => {
    const extractor = pool();
    const bytes = await pdfFixture();
    const result = await extractor.extract({ bytes, filename: "notice.pdf", contentType: "application/pdf" });
    expect(result.failures).toEqual([]);
    expect(result.segments.map((s) => s.section)).toEqual([1, 2, 3, 4].map((n) => `notice.pdf · page ${n}`));
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it("records every hostile file and keeps serving", async () => {
    const extractor = pool();
    const hostile: [Uint8Array, string, string][] = [
      [makeZip({ "zeros.bin": new Uint8Array(30 * 1024 * 1024) }), "bomb.zip", "limit_exceeded"],
      [makePdf([["secret"]], { encrypted: true }), "locked.pdf", "encrypted"],
      [makeDocx(["text"]).subarray(0, 150), "cut.docx", "corrupt"],
      [new Uint8Array(0), "zero.doc", "empty"],
      [Uint8Array.from({ length: 2048 }, (_, i) => (i * 31) % 256), "x.bin", "unsupported"],
    ];
    for (const [bytes, filename, reason] of hostile) {
      const result = await extractor.extract({ bytes, filename, contentType: null });
      expect([filename, result.segments.length, result.failures.map((f) => f.reason)]).toEqual([
        filename,
        0,
        [reason],
      ]);
    }
    const after = await extractor.extract({
      bytes: makeDocx(["Still serving."]),
      filename: "ok.docx",
      contentType: null,
    });
    expect(after.segments).toEqual([{ section: "ok.docx", text: expect.stringContaining("Still serving.") }]);
  });

  it("gives up a file that exceeds the time limit", async () => {
    // No PDF can be parsed by a starting process within 1 ms.
    const extractor = pool({ timeoutMs: 1 });
    const result = await extractor.extract({
      bytes: await pdfFixture(),
      filename: "slow.pdf",
      contentType: null,
    });
    expect(result).toEqual({
      segments: [],
      failures: [{ entry: "", reason: "timeout", detail: "reading the file took longer than 1 ms" }],
    });
  });

  it("records a file that needs more memory than the cap, then serves the next one", async () => {
    const extractor = pool({ maxMemoryMb: 128 });
    const huge = new TextEncoder().encode(`[${"1,".repeat(20_000_000)}1]`);
    const result = await extractor.extract({ bytes: huge, filename: "huge.json", contentType: null });
    expect(result.segments).toEqual([]);
    expect(result.failures.map((f) => f.reason)).toEqual(["out_of_memory"]);
    const next = await extractor.extract({
      bytes: new TextEncoder().encode("small"),
      filename: "a.txt",
      contentType: null,
    });
    expect(next.segments).toEqual([{ section: "a.txt", text: "small" }]);
  });

  it("kills a child whose memory outside the heap passes the cap (a PDF bomb), then serves the next file", async () => {
    // 600 KB on disk; its content streams inflate to 600 MiB of buffers that --max-old-space-size
    // never counts: only the resident-memory check stops it.
    const bomb = makeInflatingPdf(600, "Hidden after the padding.");
    expect(bomb.length).toBeLessThan(1_000_000);
    const extractor = pool({ maxMemoryMb: 224, timeoutMs: 300_000 });
    const result = await extractor.extract({ bytes: bomb, filename: "bomb.pdf", contentType: null });
    expect(result).toEqual({
      segments: [],
      failures: [{ entry: "", reason: "out_of_memory", detail: "reading the file needed more than 224 MB" }],
    });
    const next = await extractor.extract({
      bytes: await pdfFixture(),
      filename: "ok.pdf",
      contentType: null,
    });
    expect(next.failures).toEqual([]);
    expect(next.segments).toHaveLength(4);
  }, 320_000);

  it("checks the resident memory of a busy child against the cap", async () => {
    const measured: number[] = [];
    const cap = 1024;
    let resident = 10 * 1024 * 1024;
    const extractor = pool({
      maxMemoryMb: cap,
      memoryCheckIntervalMs: 5,
      readResidentBytes: async (pid) => {
        measured.push(pid);
        return resident;
      },
    });
    // Within the cap: the file is read; the check ran against the child's pid.
    const within = await extractor.extract({
      bytes: await pdfFixture(),
      filename: "a.pdf",
      contentType: null,
    });
    expect(within.failures).toEqual([]);
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.every((pid) => Number.isInteger(pid) && pid !== process.pid)).toBe(true);
    // Past the cap (as reported): the child is given up and replaced. The file takes the child
    // a while (its streams inflate to 96 MiB), so the check runs many times before it could end.
    resident = cap * 1024 * 1024 + 1;
    const over = await extractor.extract({
      bytes: makeInflatingPdf(96),
      filename: "b.pdf",
      contentType: null,
    });
    expect(over).toEqual({
      segments: [],
      failures: [
        { entry: "", reason: "out_of_memory", detail: `reading the file needed more than ${cap} MB` },
      ],
    });
    resident = 0;
    const after = await extractor.extract({
      bytes: new TextEncoder().encode("ok"),
      filename: "c.txt",
      contentType: null,
    });
    expect(after.segments).toEqual([{ section: "c.txt", text: "ok" }]);
  });

  it("runs files in parallel up to its size and answers each with its own result", async () => {
    const extractor = pool({ size: 2 });
    const names = ["a", "b", "c", "d", "e"];
    const results = await Promise.all(
      names.map((n) =>
        extractor.extract({
          bytes: new TextEncoder().encode(`text ${n}`),
          filename: `${n}.txt`,
          contentType: null,
        }),
      ),
    );
    expect(results.map((r) => r.segments[0]?.text)).toEqual(names.map((n) => `text ${n}`));
  });
});
