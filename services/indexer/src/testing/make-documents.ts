// Generators of small, valid documents for tests and benchmarks (no binary fixtures needed).
import ExcelJS from "exceljs";
import { strToU8, type Zippable, zipSync, zlibSync } from "fflate";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A ZIP archive of the given files (deflated unless `level` 0). */
export function makeZip(files: Record<string, Uint8Array | string>, level: 0 | 6 = 6): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === "string" ? strToU8(content) : content;
  }
  return zipSync(entries, { level });
}

/** A minimal DOCX with one paragraph per item. */
export function makeDocx(paragraphs: readonly string[]): Uint8Array {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`);
  return makeZip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join("")}</w:body></w:document>`,
  });
}

/** A minimal ODT (OpenDocument text) with one paragraph per item. */
export function makeOdt(paragraphs: readonly string[]): Uint8Array {
  const body = paragraphs.map((p) => `<text:p>${escapeXml(p)}</text:p>`).join("");
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  // The `mimetype` entry comes first and uncompressed, as the format requires.
  return zipSync(
    {
      mimetype: [strToU8("application/vnd.oasis.opendocument.text"), { level: 0 }],
      "content.xml": strToU8(content),
      "META-INF/manifest.xml": strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/></manifest:manifest>',
      ),
    },
    { level: 6 },
  );
}

/** An XLSX with the given sheets, each a list of rows. */
export async function makeXlsx(sheets: Record<string, (string | number)[][]>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A PDF whose pages hold the given lines of text (standard Helvetica font). */
export function makePdf(pages: readonly string[][], options: { encrypted?: boolean } = {}): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 3 + i * 2);
  const fontId = 3 + pages.length * 2;
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  pages.forEach((lines, i) => {
    const escaped = lines.map((l) => l.replace(/[\\()]/g, (c) => `\\${c}`));
    const stream = `BT /F1 11 Tf 40 760 Td 14 TL ${escaped.map((l) => `(${l}) '`).join(" ")} ET`;
    objects[pageIds[i] as number] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${(pageIds[i] as number) + 1} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`;
    objects[(pageIds[i] as number) + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  objects[fontId] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  const hex = "0123456789abcdef".repeat(4);
  if (options.encrypted) {
    // Standard security handler with a user password: readers must ask for it.
    objects[fontId + 1] = `<< /Filter /Standard /V 1 /R 2 /O <${hex}> /U <${hex}> /P -4 >>`;
  }
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  const encrypt = options.encrypted
    ? `/Encrypt ${fontId + 1} 0 R /ID [<${hex.slice(0, 32)}> <${hex.slice(0, 32)}>]`
    : "";
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R ${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * A one-page PDF of a few hundred KB whose content streams (FlateDecode) inflate to `megabytes`
 * MiB of blanks before one line of text: a PDF "bomb", small on disk and huge in memory.
 */
export function makeInflatingPdf(megabytes: number, line = "Text after the padding."): Uint8Array {
  // One 16 MiB stream, compressed once and repeated: a page's content is the concatenation of
  // all its streams, which a reader holds at once.
  const piece = zlibSync(new Uint8Array(16 * 1024 * 1024).fill(0x20), { level: 6 });
  const pieces = Math.max(1, Math.ceil(megabytes / 16));
  const text = strToU8(`BT /F1 11 Tf 40 760 Td (${line}) Tj ET`);
  const streamIds = Array.from({ length: pieces + 1 }, (_, i) => 5 + i);
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (...pieces: (string | Uint8Array)[]) => {
    for (const bytes of pieces.map((p) => (typeof p === "string" ? strToU8(p) : p))) {
      parts.push(bytes);
      length += bytes.length;
    }
  };
  const object = (id: number, ...body: (string | Uint8Array)[]) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`, ...body, "\nendobj\n");
  };
  write("%PDF-1.4\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${streamIds.map((id) => `${id} 0 R`).join(" ")}] /Resources << /Font << /F1 4 0 R >> >> >>`,
  );
  object(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (const id of streamIds.slice(0, -1)) {
    object(id, `<< /Length ${piece.length} /Filter /FlateDecode >>\nstream\n`, piece, "\nendstream");
  }
  object(pieces + 5, `<< /Length ${text.length} >>\nstream\n`, text, "\nendstream");
  const xref = length;
  const size = pieces + 6;
  write(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id++) write(`${String(offsets[id]).padStart(10, "0")} 00000 n \n`);
  write(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
