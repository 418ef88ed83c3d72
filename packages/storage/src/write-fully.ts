import type { FileHandle } from "node:fs/promises";

/**
 * Writes every byte: one `write` may store fewer bytes than asked (a full disk, a signal) without
 * failing, and the rest would silently be missing from a file whose digest says otherwise.
 */
export async function writeFully(file: Pick<FileHandle, "write">, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.byteLength) {
    const { bytesWritten } = await file.write(bytes, offset, bytes.byteLength - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error("write stored no bytes"), { code: "EIO" });
    offset += bytesWritten;
  }
}
