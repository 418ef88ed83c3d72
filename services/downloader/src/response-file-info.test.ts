import { describe, expect, it } from "vitest";
import { chooseFileInfo, dispositionFilename, mediaType, urlFilename } from "./response-file-info.js";

const url = (text: string) => new URL(text);

describe("dispositionFilename", () => {
  it("prefers filename* (RFC 8187) over filename", () => {
    expect(
      dispositionFilename(`attachment; filename="fallback.pdf"; filename*=UTF-8''%E2%82%AC%20rates.pdf`),
    ).toBe("€ rates.pdf");
  });
  it("reads plain, quoted and inline forms", () => {
    expect(dispositionFilename("inline; filename=plain.txt")).toBe("plain.txt");
    expect(dispositionFilename('attachment; filename="Capitolato tecnico.pdf"')).toBe(
      "Capitolato tecnico.pdf",
    );
  });
  it("repairs a raw UTF-8 name that arrived as Latin-1", () => {
    const raw = Buffer.from('attachment; filename="città.pdf"', "utf8").toString("latin1");
    expect(dispositionFilename(raw)).toBe("città.pdf");
    expect(dispositionFilename('attachment; filename="caf\u00e9.pdf"')).toBe("café.pdf");
  });
  it("sanitizes hostile names and ignores headers without a name", () => {
    expect(dispositionFilename('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(dispositionFilename("attachment")).toBeUndefined();
    expect(dispositionFilename(undefined)).toBeUndefined();
    expect(dispositionFilename('attachment; filename=".."')).toBeUndefined();
  });
});

describe("urlFilename", () => {
  it("takes a decoded last segment that has an extension", () => {
    expect(urlFilename(url("https://ted.europa.eu/docs/Bando%20di%20gara.pdf?token=x"))).toBe(
      "Bando di gara.pdf",
    );
    expect(urlFilename(url("https://ted.europa.eu/en/notice/-/download/12345"))).toBeUndefined();
    expect(urlFilename(url("https://example.org/a%ZZb.pdf"))).toBe("a%ZZb.pdf");
  });
});

describe("mediaType", () => {
  it("keeps type/subtype in lower case without parameters", () => {
    expect(mediaType("Application/PDF; charset=binary")).toBe("application/pdf");
    expect(mediaType("text/html;charset=utf-8")).toBe("text/html");
    expect(mediaType("nonsense")).toBeUndefined();
    expect(mediaType(undefined)).toBeUndefined();
  });
});

describe("chooseFileInfo", () => {
  const stored = { filename: "notice", content_type: "application/pdf" };
  it("takes the Content-Disposition name and a specific media type", () => {
    expect(
      chooseFileInfo(stored, {
        contentDisposition: 'attachment; filename="spec.docx"',
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        finalUrl: url("https://ted.europa.eu/x/other.pdf"),
      }),
    ).toEqual({
      filename: "spec.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
  });
  it("keeps the stored type over a generic one and names an extensionless file after the URL", () => {
    expect(
      chooseFileInfo(stored, {
        contentDisposition: undefined,
        contentType: "application/octet-stream",
        finalUrl: url("https://ted.europa.eu/files/notice-123.pdf"),
      }),
    ).toEqual({ filename: "notice-123.pdf", contentType: "application/pdf" });
  });
  it("keeps a stored name that has an extension when only the URL offers one", () => {
    expect(
      chooseFileInfo(
        { filename: "Tender documents.zip", content_type: null },
        {
          contentDisposition: undefined,
          contentType: undefined,
          finalUrl: url("https://x.example/d/123.zip"),
        },
      ),
    ).toEqual({ filename: "Tender documents.zip", contentType: null });
  });
});
