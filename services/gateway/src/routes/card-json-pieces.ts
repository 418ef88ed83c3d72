import type { ProcedureResponse, TenderDetails } from "@tender/contracts";

/** Characters of the description per piece: about 64 KiB of JSON, 384 KiB at worst (`\u0001`). */
const TEXT_PIECE = 64 * 1024;

/**
 * The card's JSON text (what `JSON.stringify(card)` gives, same key order) in pieces: the
 * description in slices, one award, attachment or notice (a procedure's answer) at a time. A card may reach about 12 MB of JSON
 * (README, "Answer sizes"); sent whole, each answer would hold a string and a buffer of that size
 * at once, and a few concurrent ones took the gateway past 500 MB. A slice boundary may fall
 * inside a surrogate pair: each half is then written as a `\uXXXX` escape, which JSON joins back.
 */
export function* cardJsonPieces(card: TenderDetails | ProcedureResponse): Generator<string> {
  let separator = "{";
  for (const [key, value] of Object.entries(card)) {
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ",";
    if (key === "description" && typeof value === "string") {
      yield '"';
      for (let at = 0; at < value.length; at += TEXT_PIECE) {
        yield JSON.stringify(value.slice(at, at + TEXT_PIECE)).slice(1, -1);
      }
      yield '"';
    } else if ((key === "attachments" || key === "awards" || key === "notices") && Array.isArray(value)) {
      yield "[";
      for (const [i, attachment] of value.entries())
        yield `${i === 0 ? "" : ","}${JSON.stringify(attachment)}`;
      yield "]";
    } else {
      yield JSON.stringify(value);
    }
  }
  yield "}";
}

/** The pieces as a byte stream, each encoded only when the response asks for more. */
export function jsonPiecesStream(pieces: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
