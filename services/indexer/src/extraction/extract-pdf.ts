import { ExtractionError } from "./extraction-error.js";

/** Text of each page of a PDF, in page order (index 0 is page 1). */
export async function extractPdfPages(bytes: Uint8Array): Promise<string[]> {
  // Loaded on first use: a worker that never sees a PDF never pays for pdf.js.
  const { extractText, getDocumentProxy } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it gets: give it a copy. No console noise.
    document = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    throw classifyPdfError(error);
  }
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text;
  } catch (error) {
    throw classifyPdfError(error);
  } finally {
    await document.loadingTask.destroy().catch(() => {});
  }
}

function classifyPdfError(error: unknown): ExtractionError {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") return new ExtractionError("encrypted", "the PDF is password-protected");
  return new ExtractionError("corrupt", "the PDF is damaged or not a PDF");
}
