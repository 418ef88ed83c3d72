// Ingest throughput with and without procedure linking (issue 25: "within 10 %"). N generated
// OCDS releases, in procedures of six (planning, tender, two amendments, award, contract; the
// second amendment names no release), mapped by the real Contracts Finder mapper and stored
// through the real store path (`commitPage`: source lock, one savepoint per record, tender,
// attachments, awards, outbox; procedure linking once per page, at its end) in pages of 100, the
// releases of a procedure spread over several pages as a sync delivers them. A ("linked") stores the records as mapped; B
// ("unlinked") the same records without their procedure, as a source definition without
// `procedure` stores them. The two run interleaved (A B B A…, so neither is always first), each on a
// fresh scratch database;
// every run prints its rate and the load average before it, then the median and spread of each.
// Usage (after `pnpm build`): node bench/ingest/linking.ts [releases, default 6000] [rounds, default 3]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database.
import { loadavg } from "node:os";
import { commitPage, type MappedItem } from "../../packages/ingest/dist/index.js";
import { cfReleaseToTenderRecord } from "../../packages/source-contracts-finder/dist/index.js";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const releases = Number(process.argv[2] ?? 6000);
const rounds = Number(process.argv[3] ?? 3);
const PAGE = 100;
const STAGES = ["planning", "tender", "tenderAmendment", "tenderAmendment", "award", "contract"] as const;
const SUBJECT = "benchingest.tender.changed.v1";

/** Release `k` of procedure `p`: a Contracts Finder-shaped release with its notice page. */
function release(p: number, k: number): Record<string, unknown> {
  const uuid = `00000000-0000-4000-8000-${p.toString(16).padStart(12, "0")}`;
  const day = String(1 + k).padStart(2, "0");
  const amends = k === 2 ? [{ releaseID: `${uuid}-${k}`, amendsReleaseID: `${uuid}-1` }] : undefined;
  return {
    ocid: `ocds-b5fd17-${uuid}`,
    id: `${uuid}-${k}`,
    date: `2026-10-${day}T09:00:00Z`,
    tag: [STAGES[k]],
    buyer: { name: `Council ${p % 97}` },
    tender: {
      title: `Cleaning services, lot ${p}`,
      description: "Cleaning of council buildings.",
      value: { amount: 100_000 + 1000 * k, currency: "GBP" },
      tenderPeriod: { endDate: `2026-11-${day}T12:00:00Z` },
      ...(amends ? { amendments: amends } : {}),
      documents: [
        {
          id: "1",
          documentType: "tenderNotice",
          format: "text/html",
          url: `https://www.contractsfinder.service.gov.uk/Notice/${uuid}`,
        },
        { id: "2", documentType: "biddingDocuments", url: `https://example.org/${uuid}/spec-${k}.pdf` },
      ],
    },
  };
}

/** The mapped items in pages; release k of procedure p lands in a page 6 pages after k-1's. */
function pages(): MappedItem[][] {
  const procedures = Math.ceil(releases / STAGES.length);
  const items: MappedItem[] = [];
  for (let k = 0; k < STAGES.length; k++) {
    for (let p = 0; p < procedures && items.length < releases; p++) {
      const raw = release(p, k);
      const result = cfReleaseToTenderRecord(raw, {});
      if (!result.ok) throw new Error(result.reason);
      items.push({ raw, result });
    }
  }
  return Array.from({ length: Math.ceil(items.length / PAGE) }, (_, i) =>
    items.slice(i * PAGE, (i + 1) * PAGE),
  );
}

async function run(variant: "linked" | "unlinked", input: MappedItem[][]): Promise<number> {
  const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_ingest");
  try {
    const t0 = performance.now();
    let cursor: string | null = null;
    for (const [i, page] of input.entries()) {
      const items =
        variant === "linked"
          ? page
          : page.map(({ raw, result }) => {
              if (!result.ok) return { raw, result };
              const { procedure: _procedure, ...rest } = result;
              return { raw, result: rest };
            });
      const next = `page-${i + 1}`;
      const counts = await commitPage(db, {
        sourceCode: "contracts_finder",
        expectedCursor: cursor,
        items,
        nextCursor: next,
        subject: SUBJECT,
        now: new Date(),
      });
      if (counts.quarantined > 0) throw new Error(`${counts.quarantined} records quarantined`);
      cursor = next;
    }
    const seconds = (performance.now() - t0) / 1000;
    const linked = await db
      .selectFrom("tenders")
      .select((eb) => eb.fn.count<string>("procedure_id").as("n"))
      .executeTakeFirstOrThrow();
    const expected = variant === "linked" ? releases : 0;
    if (Number(linked.n) !== expected) throw new Error(`${linked.n} tenders linked, expected ${expected}`);
    return releases / seconds;
  } finally {
    await drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const input = pages();
console.log(
  `${releases} OCDS releases in procedures of ${STAGES.length}, pages of ${PAGE}, interleaved runs`,
);
const rates: Record<"linked" | "unlinked", number[]> = { linked: [], unlinked: [] };
for (let r = 1; r <= rounds; r++) {
  const order = r % 2 === 1 ? (["linked", "unlinked"] as const) : (["unlinked", "linked"] as const);
  for (const variant of order) {
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const rate = await run(variant, input);
    rates[variant].push(rate);
    console.log(`round ${r} ${variant}: ${rate.toFixed(0)} releases/s (load average before: ${load})`);
  }
}
for (const variant of ["linked", "unlinked"] as const) {
  const values = rates[variant];
  console.log(
    `${variant}: median ${median(values).toFixed(0)} releases/s, spread ${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`,
  );
}
console.log(`linked ÷ unlinked (medians): ${(median(rates.linked) / median(rates.unlinked)).toFixed(3)}`);
