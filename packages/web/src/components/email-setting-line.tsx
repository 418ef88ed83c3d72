import type { EmailSetting } from "@tender/contracts";
import { digestSchedule } from "./digest-schedule.js";

const STATUS: Record<EmailSetting["status"], string> = {
  unconfirmed: "waiting for the address to confirm (see the mail sent to it)",
  confirmed: "active",
  stopped: "stopped: the mail server refused it",
  unsubscribed: "unsubscribed",
};

/** A saved search's email digest: where, when, and whether it is active (and why not). */
export function EmailSettingLine({ email }: { email: EmailSetting }) {
  return (
    <p class="small">
      <span class="muted">Email digest</span> to {email.to}, {digestSchedule(email)}:{" "}
      <strong>{STATUS[email.status]}</strong>
      {email.status === "stopped" && email.stopped_reason && (
        <span class="muted"> ({email.stopped_reason})</span>
      )}
    </p>
  );
}
