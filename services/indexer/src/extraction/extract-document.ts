import { decodeText } from "./decode-text.js";
import { detectFormat } from "./detect-format.js";
import { extractDoc } from "./extract-doc.js";
import { extractDocx } from "./extract-docx.js";
import { extractPdfPages } from "./extract-pdf.js";
import { extractXlsxSheets } from "./extract-xlsx.js";
import { ExtractionError } from "./extraction-error.js";
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from "./extraction-limits.js";
import type { ExtractInput, ExtractionFailure, ExtractionResult, TextSegment } from "./extraction-types.js";
import { htmlToText, jsonToText, odfContentToText, xmlToText } from "./markup-to-text.js";
import { type ByteBudget, type OpenedZip, openZip } from "./open-zip.js";
import { toFailure } from "./to-failure.js";
import { truncateSegments } from "./truncate-segments.js";

interface Context {
  limits: ExtractionLimits;
  budget: ByteBudget;
  segments: TextSegment[];
  failures: ExtractionFailure[];
}

interface FileToRead {
  bytes: Uint8Array;
  name: string;
  contentType: string | null;
  /** Section prefix: `bundle.zip › docs/spec.pdf`. */
  label: string;
  /** Path inside the attachment, for failures; empty for the attachment itself. */
  entry: string;
  /** ZIP archives around this file. */
  archiveDepth: number;
}

// Files archivers add that hold no document text.
const ARCHIVE_CLUTTER = /(^|\/)(__MACOSX\/|\._|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** Removes control characters and cuts overlong names, so a name is safe in sections and logs. */
export function cleanName(name: string): string {
  const cleaned = name.replace(/\p{Cc}/gu, "").trim();
  return (cleaned || "unnamed").slice(0, 200);
}

/**
 * Reads one attachment into text segments. A file that cannot be read, or an archive entry
 * that cannot, is recorded in `failures` with a reason; this function itself never rejects.
 * Runs inside the extraction worker (it parses untrusted input with third-party code).
 */
export async function extractDocument(
  input: ExtractInput,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<ExtractionResult> {
  const ctx: Context = { limits, budget: { remaining: limits.maxTotalBytes }, segments: [], failures: [] };
  const name = cleanName(input.filename);
  try {
    await read(ctx, {
      bytes: input.bytes,
      name,
      contentType: input.contentType,
      label: name,
      entry: "",
      archiveDepth: 0,
    });
  } catch (error) {
    ctx.failures.push(toFailure("", error));
  }
  return truncateSegments({ segments: ctx.segments, failures: ctx.failures }, limits.maxTextChars);
}

async function read(ctx: Context, file: FileToRead): Promise<void> {
  if (file.bytes.length === 0) throw new ExtractionError("empty", "the file is empty (0 bytes)");
  const format = detectFormat(file.bytes, file.name, file.contentType);
  const push = (section: string, text: string) => {
    if (text.trim()) ctx.segments.push({ section, text });
  };
  const before = ctx.segments.length;
  switch (format.kind) {
    case "unsupported":
      throw new ExtractionError("unsupported", `unsupported file type (${format.what})`);
    case "pdf": {
      const pages = await extractPdfPages(file.bytes);
      for (const [i, text] of pages.entries()) push(`${file.label} · page ${i + 1}`, text);
      if (ctx.segments.length === before) {
        throw new ExtractionError("empty", "the PDF has no text layer (a scanned document?)");
      }
      return;
    }
    case "ole":
      push(file.label, await extractDoc(file.bytes));
      break;
    case "zip":
      return readZip(ctx, file, openZip(file.bytes, ctx.limits, ctx.budget));
    case "html":
      push(file.label, await htmlToText(decodeText(file.bytes)));
      break;
    case "xml":
      push(file.label, xmlToText(decodeText(file.bytes)));
      break;
    case "json": {
      const text = decodeText(file.bytes);
      const parsed = parseJson(text);
      push(file.label, parsed.ok ? jsonToText(parsed.value) : text);
      break;
    }
    case "csv":
    case "text":
      push(file.label, decodeText(file.bytes));
      break;
  }
  if (ctx.segments.length === before) throw new ExtractionError("empty", "the file contains no text");
}

async function readZip(ctx: Context, file: FileToRead, zip: OpenedZip): Promise<void> {
  const before = ctx.segments.length;
  const names = new Set(zip.files.map((e) => e.name));
  const entry = (name: string) => zip.files.find((e) => e.name === name);
  const mimetype = entry("mimetype");
  const odf =
    mimetype && mimetype.size < 200 && names.has("content.xml")
      ? new TextDecoder().decode(zip.read(mimetype)).startsWith("application/vnd.oasis.opendocument")
      : false;

  if (names.has("word/document.xml")) {
    const text = await extractDocx(zip);
    if (text.trim()) ctx.segments.push({ section: file.label, text });
  } else if (names.has("xl/workbook.xml")) {
    for (const sheet of await extractXlsxSheets(zip)) {
      if (sheet.text.trim())
        ctx.segments.push({ section: `${file.label} · sheet ${cleanName(sheet.name)}`, text: sheet.text });
    }
  } else if (odf) {
    const content = entry("content.xml");
    const text = content ? odfContentToText(decodeText(zip.read(content))) : "";
    if (text.trim()) ctx.segments.push({ section: file.label, text });
  } else {
    return readArchive(ctx, file, zip);
  }
  if (ctx.segments.length === before) throw new ExtractionError("empty", "the document contains no text");
}

async function readArchive(ctx: Context, file: FileToRead, zip: OpenedZip): Promise<void> {
  if (file.archiveDepth >= ctx.limits.maxArchiveDepth) {
    throw new ExtractionError(
      "limit_exceeded",
      `archives are read at most ${ctx.limits.maxArchiveDepth} levels deep; this one is nested deeper`,
    );
  }
  const files = zip.files.filter((e) => !ARCHIVE_CLUTTER.test(e.name));
  if (files.length === 0) throw new ExtractionError("empty", "the archive contains no files");
  for (const item of files) {
    const name = cleanName(item.name);
    const entry = file.entry ? `${file.entry} › ${name}` : name;
    try {
      await read(ctx, {
        bytes: zip.read(item),
        name,
        contentType: null,
        label: `${file.label} › ${name}`,
        entry,
        archiveDepth: file.archiveDepth + 1,
      });
    } catch (error) {
      ctx.failures.push(toFailure(entry, error));
    }
  }
}

/** JSON that does not parse is still text worth indexing. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
