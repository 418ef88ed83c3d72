import { formatAge, shorten } from "../format-age.js";
import { formatTable } from "../format-table.js";
import type { BusStatus, DatabaseStatus } from "./status-report.js";

/** The human form of `tender status`: one section per part, each failure said where its section would be. */
export function formatStatus(
  database: DatabaseStatus | { error: string },
  bus: BusStatus | { error: string },
): string {
  return [...databaseSections(database), ...busSections(bus)].join("\n\n");
}

function counts(title: string, values: Record<string, number>): string {
  return `${title}\n${formatTable(
    ["STATUS", "COUNT"],
    Object.entries(values).map(([k, v]) => [k, String(v)]),
  )}`;
}

function databaseSections(db: DatabaseStatus | { error: string }): string[] {
  if ("error" in db) return [`Database: unavailable — ${db.error}`];
  const { outbox } = db;
  const backlog =
    outbox.unpublished === 0
      ? "Outbox: nothing waiting to be published"
      : `Outbox: ${outbox.unpublished} event(s) waiting to be published, oldest ${formatAge(outbox.oldest_age_seconds ?? 0)} old (${outbox.oldest_created_at})`;
  const sources =
    db.sources.length === 0
      ? "Sources: none has synced yet"
      : `Sources\n${formatTable(
          ["SOURCE", "LAST SYNC", "CURSOR"],
          db.sources.map((s) => [
            s.code,
            s.last_sync_at ?? "never",
            s.cursor === null ? "-" : shorten(s.cursor),
          ]),
        )}`;
  return [
    counts("Tenders by index_status", db.tenders),
    counts("Attachments by download_status", db.attachments),
    backlog,
    quarantine(db),
    webhooks(db.webhook_deliveries),
    emails(db.emails),
    facet("Tenders by country (top 10)", "COUNTRY", db.tenders_by_country),
    facet("Tenders by CPV division (top 10)", "DIVISION", db.tenders_by_cpv_division),
    facet("Notices by kind", "KIND", db.tenders_by_kind),
    `Procedures with more than one notice: ${db.procedures_with_several_notices}`,
    unlinked(db.unlinked_notices),
    `Organisations: ${db.organisations.total} (${db.organisations.buyers} buyers, ${db.organisations.suppliers} suppliers)`,
    awardSection(db.awards),
    sources,
  ];
}

function unlinked(rows: DatabaseStatus["unlinked_notices"]): string {
  if (rows.length === 0) return "Notices not linked: none";
  const table = formatTable(
    ["COUNT", "REASON"],
    rows.map((r) => [String(r.count), r.reason]),
  );
  return `Notices not linked, by reason\n${table}`;
}

function awardSection(a: DatabaseStatus["awards"]): string {
  const total = `Result notices: ${a.with_awards} with awards, ${a.without_awards} without`;
  if (a.unreadable_by_reason.length === 0) return total;
  const table = formatTable(
    ["COUNT", "REASON"],
    a.unreadable_by_reason.map((r) => [
      String(r.count),
      shorten(r.reason.replace(/\s+/g, " "), REASON_WIDTH),
    ]),
  );
  return `${total}; awards unreadable or cut, by reason\n${table}`;
}

function webhooks(d: DatabaseStatus["webhook_deliveries"]): string {
  const late =
    d.due > 0 ? `, ${d.due} due now (the oldest ${formatAge(d.oldest_due_age_seconds ?? 0)} late)` : "";
  const failed = d.failed > 0 ? `${d.failed} failed — see: tender alerts list` : "0 failed";
  return `Webhook alerts: ${d.pending} pending${late}; ${failed}`;
}

function emails(e: DatabaseStatus["emails"]): string {
  const failed = e.failed > 0 ? `${e.failed} failed — see: tender alerts mail list` : "0 failed";
  const stopped = e.stopped_channels > 0 ? `; ${e.stopped_channels} address(es) stopped after refusals` : "";
  return `Email digests: ${e.pending} pending; ${failed}${stopped}`;
}

function facet(title: string, column: string, values: { value: string; count: number }[]): string {
  if (values.length === 0) return `${title}: none yet (run \`tender remap\` after an upgrade)`;
  return `${title}\n${formatTable(
    [column, "TENDERS"],
    values.map((v) => [v.value, String(v.count)]),
  )}`;
}

/** Longest reason printed in the table; `--json` has them whole. */
const REASON_WIDTH = 100;

function quarantine(db: DatabaseStatus): string {
  const total = `Quarantined source records: ${db.quarantined_records}`;
  if (db.quarantined_by_reason.length === 0) return total;
  const table = formatTable(
    ["SOURCE", "COUNT", "LAST", "REASON"],
    db.quarantined_by_reason.map((r) => [
      r.source,
      String(r.count),
      r.last_quarantined_at,
      shorten(r.reason.replace(/\s+/g, " "), REASON_WIDTH),
    ]),
  );
  const more = db.quarantine_reason_kinds - db.quarantined_by_reason.length;
  const hint = more > 0 ? `\n… and ${more} more kind(s) of reason` : "";
  return `${total}, by reason\n${table}${hint}`;
}

function busSections(bus: BusStatus | { error: string }): string[] {
  if ("error" in bus) return [`Events: unavailable — ${bus.error}`];
  const streams = bus.streams.map((s) =>
    s.exists
      ? `Stream ${s.name}: ${s.messages} message(s), last sequence ${s.last_seq}`
      : `Stream ${s.name}: missing — start any service once (they create streams and consumers), or check BUS_PREFIX`,
  );
  const consumers = formatTable(
    ["CONSUMER", "PENDING", "ACK PENDING", "REDELIVERED", "DELIVERED SEQ", "ACK FLOOR SEQ"],
    bus.consumers.map((c) =>
      c.exists
        ? [c.name, c.num_pending, c.num_ack_pending, c.num_redelivered, c.delivered_seq, c.ack_floor_seq].map(
            String,
          )
        : [c.name, "missing", "-", "-", "-", "-"],
    ),
  );
  const streamExists = new Set(bus.streams.filter((s) => s.exists).map((s) => s.name));
  const hints = bus.consumers
    .filter((c) => !c.exists && streamExists.has(c.stream))
    .map(
      (c) =>
        `Consumer ${c.name} is missing; recreate it with: tender events replay --consumer ${c.name} --from-seq 1`,
    );
  const deadLetters = bus.dead_letters.map((s) => {
    if (!s.exists) return `Dead letters (${s.name}): stream missing`;
    const hint = (s.messages ?? 0) > 0 ? " — see: tender events dlq list" : "";
    return `Dead letters (${s.name}): ${s.messages}${hint}`;
  });
  return [[...streams, consumers, ...hints].join("\n"), deadLetters.join("\n")];
}
