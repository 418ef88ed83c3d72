import * as v from "valibot";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { boundedHttpUrl } from "../primitives/http-url.js";
import { SourceCode } from "../primitives/source-code.js";
import { boundedNullableText, boundedTrimmedString } from "../primitives/trimmed-string.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { RECORD_LIMITS } from "./record-limits.js";

/**
 * The normalized fields of a tender, in wire order: shared by the record every source maps to
 * (`TenderRecordV1`) and the tender card the API returns (`TenderDetails`), so the two agree.
 * Every text is bounded (`RECORD_LIMITS`), so what is stored and answered is bounded too.
 */
export const TENDER_FIELDS = {
  source: SourceCode,
  external_id: boundedTrimmedString(RECORD_LIMITS.externalId),
  title: boundedTrimmedString(RECORD_LIMITS.title),
  description: boundedNullableText(RECORD_LIMITS.description),
  buyer_name: boundedTrimmedString(RECORD_LIMITS.buyerName),
  amount: v.nullable(DecimalAmount),
  currency: v.nullable(CurrencyCode),
  published_at: UtcTimestamp,
  deadline: v.nullable(UtcTimestamp),
  source_url: boundedHttpUrl(RECORD_LIMITS.sourceUrl),
} as const;
