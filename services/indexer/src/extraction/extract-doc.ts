import { ExtractionError } from "./extraction-error.js";

// Password-protected OOXML files are OLE containers with this stream (name stored in UTF-16LE).
const ENCRYPTION_INFO = Buffer.from("EncryptionInfo", "utf16le");

/** Text of a legacy Word (.doc) file: body, footnotes, endnotes, headers and text boxes. */
export async function extractDoc(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.includes(ENCRYPTION_INFO)) {
    throw new ExtractionError("encrypted", "the Office document is password-protected");
  }
  const { default: WordExtractor } = await import("word-extractor");
  try {
    const document = await new WordExtractor().extract(buffer);
    return [
      document.getBody(),
      document.getFootnotes(),
      document.getEndnotes(),
      document.getHeaders(),
      document.getTextboxes(),
    ].join("\n\n");
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/encrypt|password/i.test(message)) {
      throw new ExtractionError("encrypted", "the Word document is password-protected");
    }
    if (/unable to read this type of file/i.test(message)) {
      throw new ExtractionError("unsupported", "an OLE file that is not a Word document (.xls, .ppt, ...)");
    }
    throw new ExtractionError("corrupt", "the Word document is damaged");
  }
}
