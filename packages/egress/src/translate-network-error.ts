import { EgressError } from "./egress-error.js";

const RETRYABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EAI_AGAIN: "DNS lookup failed",
};

/** A short, safe `EgressError` for an error of the HTTP client, the TLS layer or the decompressor. */
export function translateNetworkError(error: unknown): EgressError {
  if (error instanceof EgressError) return error;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? "");
  const known = RETRYABLE[code];
  if (known) return new EgressError("network", known, { retryable: true, cause: error });
  // A response that ended before its body did ("aborted") is a connection problem too.
  if ((error as Error | undefined)?.message === "aborted" || code === "ECONNABORTED") {
    return new EgressError("network", "connection closed before the body was complete", {
      retryable: true,
      cause: error,
    });
  }
  if (code.startsWith("HPE_")) return new EgressError("network", "invalid HTTP response", { cause: error });
  if (code.startsWith("Z_")) return new EgressError("network", "corrupt compressed body", { cause: error });
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return new EgressError("network", `TLS error: ${code}`, { cause: error });
  }
  const what = code || (error as Error | undefined)?.name || "unknown error";
  return new EgressError("network", `request failed: ${what}`, { cause: error });
}
