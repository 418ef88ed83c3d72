import * as v from "valibot";
import { CurrencyCode } from "../primitives/currency-code.js";
import { DecimalAmount } from "../primitives/decimal-amount.js";
import { HttpUrl } from "../primitives/http-url.js";
import { objectMessage } from "../primitives/object-message.js";
import { SourceCode } from "../primitives/source-code.js";
import { IndexStatus } from "../primitives/statuses.js";
import { NullableText, TrimmedString } from "../primitives/trimmed-string.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";
import { TenderDetailsAttachment } from "./tender-details-attachment.js";

/**
 * The tender card of `GET /api/v1/tenders/{id}` (decisions.md). Never `raw_payload`, hashes,
 * `local_path`, `last_error` or key data: the strict object rejects them.
 */
export const TenderDetails = v.strictObject(
  {
    id: Uuid,
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
    index_status: IndexStatus,
    attachments: v.array(TenderDetailsAttachment, "Must be an array"),
  },
  objectMessage,
);
export type TenderDetails = v.InferOutput<typeof TenderDetails>;
