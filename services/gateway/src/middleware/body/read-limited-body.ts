import { ApiError } from "../../errors/api-error.js";

/**
 * The request body as bytes, refusing more than `maxBytes` (`payload_too_large`): at once when
 * `Content-Length` says so, else as soon as the stream passes the limit, without buffering
 * the rest.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw new ApiError("payload_too_large");
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: Awaited<ReturnType<typeof reader.read>>;
    try {
      result = await reader.read();
    } catch (error) {
      throw new ApiError("validation_error", "The request body could not be read.", {
        details: [{ path: "/", message: "The body ended unexpectedly" }],
        cause: error,
      });
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large");
    }
    parts.push(result.value);
  }
  return Buffer.concat(parts);
}
