import type { JetStreamClient, JsMsg } from "@nats-io/jetstream";
import { headers } from "@nats-io/transport-node";
import { DlqHeaders } from "./dlq-headers.js";

// Header values are single lines; a long reason (many schema errors) is cut.
const MAX_REASON_LENGTH = 2000;

export interface DeadLetterTarget {
  dlqSubject: string;
  consumer: string;
}

/**
 * Copies `msg` with `reason` to the dead-letter subject and waits for JetStream to store it.
 * The message id makes a repeat (crash between this and `term`) a duplicate the server drops.
 */
export async function publishDeadLetter(
  js: Pick<JetStreamClient, "publish">,
  msg: JsMsg,
  target: DeadLetterTarget,
  reason: string,
): Promise<void> {
  const h = headers();
  h.set(DlqHeaders.Reason, reason.replace(/[\r\n]+/g, " ").slice(0, MAX_REASON_LENGTH));
  h.set(DlqHeaders.Consumer, target.consumer);
  h.set(DlqHeaders.OriginalSubject, msg.subject);
  h.set(DlqHeaders.OriginalStream, msg.info.stream);
  h.set(DlqHeaders.OriginalSeq, String(msg.seq));
  h.set(DlqHeaders.DeliveryCount, String(msg.info.deliveryCount));
  const originalId = msg.headers?.get("Nats-Msg-Id");
  if (originalId) h.set(DlqHeaders.OriginalMsgId, originalId);
  await js.publish(target.dlqSubject, msg.data, {
    headers: h,
    msgID: `${msg.info.stream}:${msg.seq}:${target.consumer}`,
  });
}
