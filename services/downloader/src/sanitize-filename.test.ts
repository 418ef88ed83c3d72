import { describe, expect, it } from "vitest";
import { hasExtension, MAX_FILENAME_LENGTH, sanitizeFilename } from "./sanitize-filename.js";

describe("sanitizeFilename", () => {
  it("keeps only the last path segment", () => {
    expect(sanitizeFilename("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFilename("C:\\Users\\x\\spec.pdf")).toBe("spec.pdf");
    expect(sanitizeFilename("a/b/")).toBeUndefined();
  });

  it("removes control and direction-changing characters and replaces reserved ones", () => {
    expect(sanitizeFilename("inv\u0000oi\u007fce.pdf")).toBe("invoice.pdf");
    expect(sanitizeFilename("line\r\nbreak.pdf")).toBe("line break.pdf");
    expect(sanitizeFilename("report\u202egnp.exe")).toBe("reportgnp.exe");
    expect(sanitizeFilename('what?:"*|<>.txt')).toBe("what_______.txt");
  });

  it("collapses white space and drops leading dots and trailing dots and spaces", () => {
    expect(sanitizeFilename("  Capitolato   tecnico  finale.pdf  ")).toBe("Capitolato tecnico finale.pdf");
    expect(sanitizeFilename("tab\tseparated.pdf")).toBe("tab separated.pdf");
    expect(sanitizeFilename(".htaccess")).toBe("htaccess");
    expect(sanitizeFilename("name. . ")).toBe("name");
    expect(sanitizeFilename("..")).toBeUndefined();
    expect(sanitizeFilename(" \u0000 ")).toBeUndefined();
  });

  it("cuts long names to 255 code points, keeping the extension", () => {
    const long = `${"é".repeat(300)}.docx`;
    const cut = sanitizeFilename(long) ?? "";
    expect(Array.from(cut)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(cut.endsWith("é.docx")).toBe(true);
    const emoji = `${"😀".repeat(300)}.pdf`;
    const cutEmoji = sanitizeFilename(emoji) ?? "";
    expect(Array.from(cutEmoji)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(cutEmoji.endsWith("😀.pdf")).toBe(true);
    expect(cutEmoji.isWellFormed()).toBe(true);
  });

  it("keeps Unicode names in NFC form", () => {
    expect(sanitizeFilename("Bando di gara – città.pdf")).toBe("Bando di gara – città.pdf");
    expect(sanitizeFilename("citta\u0300.pdf")).toBe("città.pdf");
  });

  it("knows a name with an extension", () => {
    expect(hasExtension("a.pdf")).toBe(true);
    expect(hasExtension("notice")).toBe(false);
    expect(hasExtension("archive.tar.gz")).toBe(true);
  });
});
