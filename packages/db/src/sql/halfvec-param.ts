/**
 * A vector as a bound `halfvec` parameter in pgvector's binary form (what `halfvec_send` writes:
 * uint16 dimension, uint16 zero, then each value as a big-endian IEEE half), like `vectorParam`.
 * Each value is rounded to half here, to nearest: values already halves pass unchanged.
 */
export function halfvecParam(values: readonly number[]): Buffer {
  const buffer = Buffer.alloc(4 + 2 * values.length);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  view.setUint16(0, values.length);
  for (let i = 0; i < values.length; i++) view.setFloat16(4 + 2 * i, values[i] as number);
  return buffer;
}
