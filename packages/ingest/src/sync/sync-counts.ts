/** What a page, a pass or an import did. */
export interface SyncCounts {
  /** Tenders seen for the first time. */
  created: number;
  /** Tenders whose content hash changed. */
  changed: number;
  /** Tenders seen again with the same hash. */
  unchanged: number;
  /** Items that failed mapping or validation (quarantined). */
  quarantined: number;
  /** `TenderChangedV1` events written to the outbox. */
  events: number;
  /** Attachment URLs registered as `pending`. */
  attachmentsAdded: number;
  /** `failed` or `skipped` attachments listed again and put back to `pending`. */
  attachmentsRequeued: number;
  /** Attachments no longer listed upstream, now `skipped`. */
  attachmentsSkipped: number;
}

export function emptyCounts(): SyncCounts {
  return {
    created: 0,
    changed: 0,
    unchanged: 0,
    quarantined: 0,
    events: 0,
    attachmentsAdded: 0,
    attachmentsRequeued: 0,
    attachmentsSkipped: 0,
  };
}

/** Adds `more` into `into` and returns `into`. */
export function addCounts(into: SyncCounts, more: SyncCounts): SyncCounts {
  for (const key of Object.keys(emptyCounts()) as (keyof SyncCounts)[]) into[key] += more[key];
  return into;
}

/** Counts one stored record (`storeTenderRecord`'s result) into `counts`. */
export function countStored(
  counts: SyncCounts,
  stored: {
    outcome: "created" | "changed" | "unchanged";
    eventEnqueued: boolean;
    attachments: { inserted: number; requeued: number; skipped: number };
  },
): void {
  counts[stored.outcome] += 1;
  if (stored.eventEnqueued) counts.events += 1;
  counts.attachmentsAdded += stored.attachments.inserted;
  counts.attachmentsRequeued += stored.attachments.requeued;
  counts.attachmentsSkipped += stored.attachments.skipped;
}
