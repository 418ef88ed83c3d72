import { acceptOrCreateRequestId } from "@tender/observability";
import { ApiError } from "./api-error.js";
import { rawErrorReply } from "./raw-error-reply.js";

/**
 * The raw HTTP answer when Node gives up on a connection's request (`clientError`): the error
 * envelope with a new `X-Request-ID`, then the connection closes. A request not received within
 * the headers or request timeout is `request_timeout`; oversized headers or chunk extensions are
 * `payload_too_large`; bytes that are not HTTP are `validation_error`.
 */
export function clientErrorReply(error: { code?: string }): string {
  let apiError: ApiError;
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      apiError = new ApiError("request_timeout");
      break;
    case "HPE_HEADER_OVERFLOW":
      apiError = new ApiError("payload_too_large", "The request headers are too large.");
      break;
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      apiError = new ApiError("payload_too_large", "The chunk extensions of the body are too large.");
      break;
    default:
      apiError = new ApiError("validation_error", "The request is not valid HTTP.");
  }
  return rawErrorReply(apiError, acceptOrCreateRequestId(undefined));
}
