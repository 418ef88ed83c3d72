import * as v from "valibot";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { HttpUrl } from "../primitives/http-url.js";
import { SourceCode } from "../primitives/source-code.js";
import { NullableText, TrimmedString } from "../primitives/trimmed-string.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";

/**
 * The normalized fields of a tender, in wire order: shared by the record both sources map to
 * (`TenderRecordV1`) and the tender card the API returns (`TenderDetails`), so the two agree.
 */
export const TENDER_FIELDS = {
  source: SourceCode,
  external_id: TrimmedString,
  title: TrimmedString,
  description: NullableText,
  buyer_name: TrimmedString,
  amount: v.nullable(DecimalAmount),
  currency: v.nullable(CurrencyCode),
  published_at: UtcTimestamp,
  deadline: v.nullable(UtcTimestamp),
  source_url: HttpUrl,
} as const;
