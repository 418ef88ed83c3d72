import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJsonLines } from "./read-json-lines.js";

// Characters readline and similar readers wrongly end a line at, mixed into ordinary text.
const tricky = fc.constantFrom("\u2028", "\u2029", "\r", "\u0085", "\u000b", "\u000c", "a", "é", "😀", " ");
const text = fc.array(fc.oneof(tricky, fc.string({ maxLength: 3 })), { maxLength: 8 }).map((p) => p.join(""));

/** A record line: valid JSON with raw U+2028/U+2029 in strings and lone `\r` between tokens, or not JSON (a raw `\r` inside a string). */
const line = fc.oneof(
  fc.record({ title: text, buyer: text, crBeforeKey: fc.boolean() }).map(({ title, buyer, crBeforeKey }) => ({
    text: `{${crBeforeKey ? "\r" : ""}"title":${JSON.stringify(title)},\r"buyer":${JSON.stringify(buyer)}}`,
    record: { title, buyer },
  })),
  text.map((t) => ({ text: `{"title":"${t.replaceAll('"', "")}\r"}`, record: undefined })),
);

async function* pieces(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.slice(start, cut);
    start = cut;
  }
  yield bytes.slice(start);
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const l of lines) out.push(l);
  return out;
}

describe("readJsonLines", () => {
  it("gives back every generated record line, at its own line number, whatever the chunking", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        async (items, cuts, finalNewline) => {
          const body = items
            .map(([l, end], i) => l.text + (i < items.length - 1 || finalNewline ? end : ""))
            .join("");
          // Cut anywhere, also inside a multi-byte UTF-8 sequence.
          const read = await collect(readJsonLines(pieces(new TextEncoder().encode(body), cuts)));
          expect(read).toEqual(items.map(([l]) => l.text));
          read.forEach((text, i) => {
            const record = items[i]?.[0].record;
            if (record) expect(JSON.parse(text)).toEqual(record);
            else expect(() => JSON.parse(text)).toThrow();
          });
        },
      ),
    );
  });

  it("keeps blank lines (the importer skips them, counting them) and drops nothing at the end", async () => {
    const read = await collect(readJsonLines(pieces(new TextEncoder().encode("a\n\n\r\nb\r\nc"), [])));
    expect(read).toEqual(["a", "", "", "b", "c"]);
  });

  it("reads string chunks too", async () => {
    async function* strings() {
      yield "x\u2028y\r";
      yield "\nz";
    }
    expect(await collect(readJsonLines(strings()))).toEqual(["x\u2028y", "z"]);
  });
});
