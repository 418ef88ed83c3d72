import { ExtractionError } from "./extraction-error.js";
import { type OpenedZip, repackStored } from "./open-zip.js";

/** Text of a DOCX (paragraphs separated by blank lines), from a container already opened through the limits. */
export async function extractDocx(zip: OpenedZip): Promise<string> {
  // mammoth inflates by itself: hand it a re-packed, uncompressed copy of the checked entries.
  const buffer = Buffer.from(repackStored(zip));
  const { default: mammoth } = await import("mammoth");
  try {
    const { value } = await mammoth.extractRawText({ buffer });
    return value;
  } catch {
    throw new ExtractionError("corrupt", "the DOCX document is damaged");
  }
}
