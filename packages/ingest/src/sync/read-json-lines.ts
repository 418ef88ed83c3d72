/**
 * The lines of a JSON Lines text, split at `\n` only, with the `\r` of a `\r\n` ending dropped.
 * Unlike `readline`, U+2028, U+2029 and a lone `\r` stay inside their line: JSON allows the
 * first two raw inside strings and a lone `\r` between tokens, and splitting there would break
 * a valid record and shift every later line number. Bytes are decoded as UTF-8 across chunk
 * boundaries (invalid sequences become U+FFFD). A last line without `\n` is yielded if not empty.
 */
export async function* readJsonLines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  // The unfinished line, in pieces: joined once its `\n` arrives, so a long line costs no copies.
  let pending: string[] = [];
  const cut = function* (text: string): Generator<string> {
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      pending.push(text.slice(start, end));
      const line = pending.join("");
      pending = [];
      start = end + 1;
      yield line.endsWith("\r") ? line.slice(0, -1) : line;
    }
    if (start < text.length) pending.push(text.slice(start));
  };
  for await (const chunk of chunks) {
    yield* cut(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* cut(decoder.decode());
  const last = pending.join("");
  if (last !== "") yield last;
}
