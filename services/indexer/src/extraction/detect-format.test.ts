import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("detectFormat", () => {
  it("trusts magic bytes over the declared type and the name", () => {
    expect(detectFormat(bytes("%PDF-1.7\n..."), "x.docx", "text/html")).toEqual({ kind: "pdf" });
    expect(detectFormat(Uint8Array.from([0x50, 0x4b, 3, 4, 0]), "x.pdf", "application/pdf")).toEqual({
      kind: "zip",
    });
    expect(
      detectFormat(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "a", null),
    ).toEqual({ kind: "ole" });
    expect(detectFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), "a.txt", "text/plain")).toEqual({
      kind: "unsupported",
      what: "PNG image",
    });
    expect(detectFormat(bytes("\ufeff<!DOCTYPE html><p>x"), "a.txt", "text/plain")).toEqual({ kind: "html" });
    expect(detectFormat(bytes('<?xml version="1.0"?><a/>'), "a.txt", null)).toEqual({ kind: "xml" });
  });

  it("then the declared content type, then the extension", () => {
    expect(detectFormat(bytes("a;b"), "a.txt", "text/csv; charset=utf-8")).toEqual({ kind: "csv" });
    expect(detectFormat(bytes("{}"), "a", "application/vnd.api+json")).toEqual({ kind: "json" });
    expect(detectFormat(bytes("x"), "page.HTM", "application/octet-stream")).toEqual({ kind: "html" });
    expect(detectFormat(bytes("x"), "data.json", null)).toEqual({ kind: "json" });
  });

  it("reads unknown files as text only when they look like text", () => {
    expect(detectFormat(bytes("plain words"), "README", null)).toEqual({ kind: "text" });
    expect(detectFormat(Uint8Array.from([1, 0, 2, 3]), "blob", null)).toEqual({
      kind: "unsupported",
      what: "binary data of unknown type",
    });
  });
});
