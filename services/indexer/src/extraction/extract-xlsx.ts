import { ExtractionError } from "./extraction-error.js";
import { type OpenedZip, repackStored } from "./open-zip.js";

/** One sheet's text: a line per row, cells joined by ` | `. */
export interface SheetText {
  name: string;
  text: string;
}

/** Text of every worksheet of an XLSX, from a container already opened through the limits. */
export async function extractXlsxSheets(zip: OpenedZip): Promise<SheetText[]> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs inflates by itself: hand it a re-packed, uncompressed copy of the checked entries.
    await workbook.xlsx.load(Buffer.from(repackStored(zip)) as unknown as ArrayBuffer);
  } catch {
    throw new ExtractionError("corrupt", "the XLSX workbook is damaged");
  }
  const sheets: SheetText[] = [];
  workbook.eachSheet((sheet) => {
    const lines: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell) => {
        const text = cell.text.trim();
        if (text) cells.push(text);
      });
      if (cells.length > 0) lines.push(cells.join(" | "));
    });
    sheets.push({ name: sheet.name, text: lines.join("\n") });
  });
  return sheets;
}
