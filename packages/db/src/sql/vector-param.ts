/**
 * A query vector as a bound parameter in pgvector's binary form (what `vector_send` writes and
 * `vector_recv` reads: uint16 dimension, uint16 zero, then each value as a big-endian float4).
 * node-postgres sends a Buffer in binary format, so `${vectorParam(v)}::vector` skips both the
 * ~10 KB decimal text of `pgvector.toSql` and the server's parsing of it. Each value is rounded
 * to float4 here instead of by the server's `strtof`: both round to nearest.
 */
export function vectorParam(values: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(4 + 4 * values.length);
  buffer.writeUInt16BE(values.length, 0);
  buffer.writeUInt16BE(0, 2);
  for (let i = 0; i < values.length; i++) buffer.writeFloatBE(values[i] as number, 4 + 4 * i);
  return buffer;
}
