import type { AttachmentRecordV1 } from "@tender/contracts";
import { pickLanguage } from "./ted-language.js";

/**
 * The notice's PDF rendering (`links.pdf`, English first) as its one attachment: TED search
 * results carry no procurement documents. The file name is derived,
 * `<publication-number>-<language>.pdf`, the language taken from the URL (`/en/notice/...`).
 */
export function tedNoticePdf(
  publicationNumber: string,
  links: Readonly<Record<string, Readonly<Record<string, string>>>> | null | undefined,
): AttachmentRecordV1[] {
  const pdfLinks = Object.entries(links ?? {}).find(([kind]) => kind.toLowerCase() === "pdf")?.[1];
  const pdf = pickLanguage(pdfLinks, (url) => url.trim() !== "");
  if (!pdf) return [];
  const url = pdf.value.trim();
  const language = languageOfUrl(url) ?? pdf.language.toLowerCase();
  return [
    {
      external_id: null,
      title: `TED notice ${publicationNumber} (PDF, ${pdf.language.toUpperCase()})`,
      filename: `${publicationNumber}-${language}.pdf`.replace(/[^\w.-]/g, "_"),
      source_url: url,
      content_type: "application/pdf",
    },
  ];
}

function languageOfUrl(url: string): string | null {
  try {
    const first = new URL(url).pathname.split("/")[1] ?? "";
    return /^[a-z]{2}$/.test(first) ? first : null;
  } catch {
    return null;
  }
}
