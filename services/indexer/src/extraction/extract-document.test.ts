import { readFile } from "node:fs/promises";
import { tedFixturePath } from "@tender/source-ted/testing";
import { describe, expect, it } from "vitest";
import { makeDocx, makeOdt, makePdf, makeXlsx, makeZip } from "../testing/make-documents.js";
import { extractDocument } from "./extract-document.js";
import { DEFAULT_EXTRACTION_LIMITS } from "./extraction-limits.js";
import type { ExtractionResult } from "./extraction-types.js";

const fixture = async (name: string) =>
  new Uint8Array(
    await readFile(
      name.endsWith(".pdf") ? tedFixturePath(name) : new URL(`../fixtures/${name}`, import.meta.url),
    ),
  );
const extract = (bytes: Uint8Array, filename: string, contentType: string | null = null) =>
  extractDocument({ bytes, filename, contentType });
const sections = (r: ExtractionResult) => r.segments.map((s) => s.section);
const textOf = (r: ExtractionResult, section: string) =>
  r.segments.find((s) => s.section === section)?.text ?? "";

describe("extractDocument: formats", () => {
  it("reads a real TED PDF page by page", async () => {
    const result = await extract(
      await fixture("ted_notice_821062-2025_it.pdf"),
      "ted_notice_821062-2025_it.pdf",
    );
    expect(result.failures).toEqual([]);
    expect(sections(result)).toEqual([1, 2, 3, 4].map((n) => `ted_notice_821062-2025_it.pdf · page ${n}`));
    expect(textOf(result, "ted_notice_821062-2025_it.pdf · page 3")).toContain(
      "Nome ufficiale: A2A Energia Spa",
    );
    expect(textOf(result, "ted_notice_821062-2025_it.pdf · page 1")).not.toContain("A2A Energia Spa");
  });

  it("detects a PDF by its magic bytes, whatever its name and declared type", async () => {
    const pdf = makePdf([["First page text."], ["Second page mentions asphalt."]]);
    const result = await extract(pdf, "download.bin", "application/octet-stream");
    expect(sections(result)).toEqual(["download.bin · page 1", "download.bin · page 2"]);
    expect(textOf(result, "download.bin · page 2")).toContain("asphalt");
  });

  it("reads DOCX, XLSX sheets and ODT", async () => {
    const docx = await extract(makeDocx(["Scope of works.", "Bridge repair in Tartu."]), "spec.docx");
    expect(docx).toEqual({
      segments: [{ section: "spec.docx", text: expect.stringContaining("Bridge repair in Tartu.") }],
      failures: [],
    });
    const xlsx = await extract(
      await makeXlsx({
        Lots: [
          ["Lot", "Price"],
          ["Road works", 1200.5],
        ],
        Empty: [],
      }),
      "prices.xlsx",
    );
    expect(xlsx.failures).toEqual([]);
    expect(sections(xlsx)).toEqual(["prices.xlsx · sheet Lots"]);
    expect(textOf(xlsx, "prices.xlsx · sheet Lots")).toBe("Lot | Price\nRoad works | 1200.5");
    const odt = await extract(makeOdt(["Capitolato tecnico", "Manutenzione & pulizia"]), "capitolato.odt");
    expect(odt.failures).toEqual([]);
    expect(textOf(odt, "capitolato.odt")).toBe("Capitolato tecnico\nManutenzione & pulizia\n");
  });

  it("reads a legacy Word document (.doc)", async () => {
    // Written by LibreOffice 7.4 (`soffice --headless --convert-to 'doc:MS Word 97'`).
    const doc = await fixture("capitolato.doc");
    const result = await extract(doc, "capitolato.doc", "application/msword");
    expect(result.failures).toEqual([]);
    expect(sections(result)).toEqual(["capitolato.doc"]);
    expect(textOf(result, "capitolato.doc")).toContain("Capitolato speciale d'appalto");
    expect(textOf(result, "capitolato.doc")).toContain(
      "Il termine per la presentazione delle offerte è fissato al 15 marzo 2026, ore 12:00.",
    );
    // Recognised by its OLE signature whatever it is called; a cut copy is recorded as damaged.
    expect(sections(await extract(doc, "download", null))).toEqual(["download"]);
    expect((await extract(doc.subarray(0, 3000), "cut.doc")).failures).toEqual([
      { entry: "", reason: "corrupt", detail: "the Word document is damaged" },
    ]);
  });

  it("reads HTML without scripts, XML, JSON, CSV and Windows-1252 text", async () => {
    const html = await extract(
      new TextEncoder().encode(
        "<html><head><script>var secret = 1;</script></head><body><h1>Notice</h1><p>Snow &amp; ice removal</p></body></html>",
      ),
      "notice.html",
    );
    expect(textOf(html, "notice.html")).toContain("Snow & ice removal");
    expect(textOf(html, "notice.html")).not.toContain("secret");

    const xml = await extract(
      new TextEncoder().encode(
        '<?xml version="1.0"?><lots><lot><title>Paving &amp; kerbs</title><![CDATA[<raw> text]]></lot></lots>',
      ),
      "lots.xml",
    );
    expect(textOf(xml, "lots.xml")).toContain("Paving & kerbs");
    expect(textOf(xml, "lots.xml")).toContain("<raw> text");

    const json = await extract(
      new TextEncoder().encode(JSON.stringify({ lots: [{ title: "Lighting", value: 12 }] })),
      "data",
      "application/json",
    );
    expect(textOf(json, "data")).toBe("lots[0].title: Lighting\nlots[0].value: 12");

    const csv = await extract(new TextEncoder().encode("lot;price\nroads;100\n"), "prices.csv");
    expect(textOf(csv, "prices.csv")).toBe("lot;price\nroads;100\n");

    const latin = await extract(
      Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]),
      "menu.txt",
      "text/plain",
    );
    expect(textOf(latin, "menu.txt")).toBe("Café €");
  });

  it("reads ZIP archives two levels deep, naming each entry in the section", async () => {
    const inner = makeZip({ "note.txt": "Inner note about drainage." });
    const bundle = makeZip({
      "spec.docx": makeDocx(["Specification of lighting works."]),
      "docs/inner.zip": inner,
      "__MACOSX/._spec.docx": "junk",
    });
    const result = await extract(bundle, "bundle.zip");
    expect(result.failures).toEqual([]);
    expect(sections(result)).toEqual(["bundle.zip › spec.docx", "bundle.zip › docs/inner.zip › note.txt"]);
    expect(textOf(result, "bundle.zip › docs/inner.zip › note.txt")).toBe("Inner note about drainage.");
  });
});

describe("extractDocument: hostile and broken files are recorded, never thrown", () => {
  it("refuses a zip bomb by its compression ratio without inflating it", async () => {
    const bomb = makeZip({ "bomb.txt": new Uint8Array(30 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200_000);
    const result = await extract(bomb, "bomb.zip");
    expect(result.segments).toEqual([]);
    expect(result.failures).toEqual([
      { entry: "", reason: "limit_exceeded", detail: expect.stringMatching(/compression ratio of \d+:1/) },
    ]);
  });

  it("refuses an archive with too many entries, and one nested deeper than two levels", async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i <= DEFAULT_EXTRACTION_LIMITS.maxEntries; i++) many[`f${i}.txt`] = "x";
    const crowded = await extract(makeZip(many), "many.zip");
    expect(crowded.failures).toEqual([
      { entry: "", reason: "limit_exceeded", detail: expect.stringContaining("entries") },
    ]);

    const level3 = makeZip({ "deep.txt": "too deep" });
    const level2 = makeZip({ "l2.zip": level3, "ok.txt": "second level is fine" });
    const nested = await extract(makeZip({ "l1.zip": level2, "top.txt": "top level" }), "nest.zip");
    expect(sections(nested)).toEqual(["nest.zip › l1.zip › ok.txt", "nest.zip › top.txt"]);
    expect(nested.failures).toEqual([
      { entry: "l1.zip › l2.zip", reason: "limit_exceeded", detail: expect.stringContaining("levels deep") },
    ]);
  });

  it("keeps the rest of an archive when one entry is a bomb", async () => {
    const bundle = makeZip({
      "bomb.zip": makeZip({ "zeros.bin": new Uint8Array(20 * 1024 * 1024) }),
      "a.txt": "fine",
    });
    const result = await extract(bundle, "bundle.zip");
    expect(sections(result)).toEqual(["bundle.zip › a.txt"]);
    expect(result.failures).toEqual([
      { entry: "bomb.zip", reason: "limit_exceeded", detail: expect.any(String) },
    ]);
  });

  it("stops an entry that inflates beyond its declared size", async () => {
    const zip = makeZip({ "liar.txt": new Uint8Array(512 * 1024).fill(65) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const eocd = zip.length - 22;
    const central = view.getUint32(eocd + 16, true);
    view.setUint32(central + 24, 100, true); // declared uncompressed size: 100 bytes
    const result = await extract(zip, "liar.zip");
    expect(result.failures).toEqual([
      { entry: "liar.txt", reason: "limit_exceeded", detail: expect.stringContaining("declared size") },
    ]);
  });

  it("records encrypted, truncated, empty and unsupported files", async () => {
    const cases: [Uint8Array, string, string][] = [
      [makePdf([["secret"]], { encrypted: true }), "locked.pdf", "encrypted"],
      [makeDocx(["Some text"]).subarray(0, 200), "broken.docx", "corrupt"],
      [new Uint8Array(0), "nothing.pdf", "empty"],
      [Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256), "blob.bin", "unsupported"],
      [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), "photo.png", "unsupported"],
      [new TextEncoder().encode("%PDF-1.7 nothing else"), "fake.pdf", "corrupt"],
      [makePdf([[]]), "blank.pdf", "empty"],
    ];
    for (const [bytes, name, reason] of cases) {
      const result = await extract(bytes, name);
      expect({
        name,
        segments: result.segments,
        reasons: result.failures.map((f) => [f.entry, f.reason]),
      }).toEqual({
        name,
        segments: [],
        reasons: [["", reason]],
      });
    }
  });

  it("records a password-protected ZIP entry", async () => {
    const zip = makeZip({ "secret.txt": "hidden" });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central = view.getUint32(zip.length - 22 + 16, true);
    view.setUint16(central + 8, view.getUint16(central + 8, true) | 1, true);
    const result = await extract(zip, "locked.zip");
    expect(result.failures.map((f) => f.reason)).toEqual(["encrypted"]);
  });

  it("keeps at most maxTextChars characters and records the truncation", async () => {
    const text = new TextEncoder().encode("word ".repeat(1000));
    const result = await extractDocument(
      { bytes: text, filename: "long.txt", contentType: null },
      { ...DEFAULT_EXTRACTION_LIMITS, maxTextChars: 100 },
    );
    expect(result.segments.map((s) => s.text.length)).toEqual([100]);
    expect(result.failures).toEqual([
      { entry: "", reason: "truncated", detail: expect.stringContaining("100 of 5000") },
    ]);
  });
});
