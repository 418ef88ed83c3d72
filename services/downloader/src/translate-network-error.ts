import { DownloadError } from "./download-error.js";

const RETRYABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EAI_AGAIN: "DNS lookup failed",
};

/** A short, safe `DownloadError` for an error of the HTTP client, the TLS layer or the decompressor. */
export function translateNetworkError(error: unknown): DownloadError {
  if (error instanceof DownloadError) return error;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? "");
  const known = RETRYABLE[code];
  if (known) return new DownloadError(known, { retryable: true, cause: error });
  // A response that ended before its body did ("aborted") is a connection problem too.
  if ((error as Error | undefined)?.message === "aborted") {
    return new DownloadError("connection closed before the body was complete", {
      retryable: true,
      cause: error,
    });
  }
  if (code.startsWith("HPE_")) return new DownloadError("invalid HTTP response", { cause: error });
  if (code.startsWith("Z_")) return new DownloadError("corrupt compressed body", { cause: error });
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return new DownloadError(`TLS error: ${code}`, { cause: error });
  }
  return new DownloadError(
    `download failed: ${code || (error as Error | undefined)?.name || "unknown error"}`,
    {
      cause: error,
    },
  );
}
