/** Headers on a dead-lettered message: why and where it failed. The body is the original payload. */
export const DlqHeaders = Object.freeze({
  Reason: "Tender-Dlq-Reason",
  Consumer: "Tender-Dlq-Consumer",
  OriginalSubject: "Tender-Dlq-Original-Subject",
  OriginalStream: "Tender-Dlq-Original-Stream",
  OriginalSeq: "Tender-Dlq-Original-Seq",
  OriginalMsgId: "Tender-Dlq-Original-Msg-Id",
  DeliveryCount: "Tender-Dlq-Delivery-Count",
});
