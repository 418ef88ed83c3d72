import {
  type Db,
  ensureSource,
  lockProcedure,
  replaceTenderAwards,
  setTenderAwardFacts,
  setTenderProcedure,
} from "@tender/db";
import { sql } from "kysely";
import { insertGeneratedTenders } from "./insert-generated-tenders.js";
import { seedTender } from "./seed-tender.js";

// Control characters a JSON answer writes as `\u00XX` (6 bytes each): not tab, newline or the like.
const CONTROLS = [
  ...Array.from({ length: 8 }, (_, i) => 1 + i),
  ...Array.from({ length: 18 }, (_, i) => 14 + i),
]
  .map((code) => String.fromCharCode(code))
  .join("");

/** 1,000 control characters, distinct for each `n` (its digits in base 26 first). */
export function controlTitle(n: number): string {
  let digits = "";
  for (let rest = n; digits === "" || rest > 0; rest = Math.floor(rest / CONTROLS.length))
    digits += CONTROLS[rest % CONTROLS.length];
  return digits.padEnd(1000, "\u0001");
}

export interface OversizedProcedures {
  /** The procedure of five chained notices with 500 long-titled attachments each, and an award. */
  procedureId: string;
  /** Its five notices, oldest first: a call for competition, then four changes, each naming the one before. */
  chain: string[];
  /** Its result notice: one award, no attachment. */
  awardNoticeId: string;
  /** A procedure of `notices` notices (default 1,500). */
  largeProcedureId: string;
}

/**
 * The data of issue 32's first finding, as ingest leaves it (`link`: ingest's `relinkProcedure`,
 * passed in since this package does not depend on ingest): a TED procedure of five notices chained
 * as changes, each with 500 attachments titled with 1,000 control characters (every title its
 * own), and a result notice with one award; beside it a procedure of 1,500 plain notices
 * (`insertGeneratedTenders`). `tag` and `generatedFrom` keep external ids apart when called twice
 * on one database.
 */
export async function seedOversizedProcedures(
  db: Db,
  options: {
    link: (db: Db, procedureId: string) => Promise<unknown>;
    tag?: string;
    /** Notices of the large procedure, default 1,500, generated as `gen-<generatedFrom>`… (default 1,000,001). */
    notices?: number;
    generatedFrom?: number;
  },
): Promise<OversizedProcedures> {
  const tag = options.tag ?? "big";
  const source = (await ensureSource(db, "ted")).id;
  const procedureId = await lockProcedure(db, source, `${tag}-procedure`);
  const chain: string[] = [];
  for (let n = 0; n < 5; n += 1) {
    const externalId = `${tag}-${n}-2026`;
    const { id } = await seedTender(db, {
      externalId,
      published_at: `2026-09-0${n + 1}T00:00:00.000Z`,
      deadline: `2026-10-0${n + 1}T00:00:00.000Z`,
      attachments: Array.from({ length: 500 }, (_, a) => ({
        filename: `f${a}.pdf`,
        // Not under the notice's own id: linking takes such a URL for the notice's own rendering.
        sourceUrl: `https://files.example.org/documents/${tag}-${n}-${a}.pdf`,
        title: controlTitle(n * 500 + a),
      })),
    });
    await setTenderProcedure(db, id, {
      procedureId,
      kind: n === 0 ? "competition" : "change",
      supersedesExternalId: n === 0 ? null : `${tag}-${n - 1}-2026`,
    });
    chain.push(id);
  }
  const award = await seedTender(db, {
    externalId: `${tag}-award-2026`,
    published_at: "2026-11-01T00:00:00.000Z",
    deadline: null,
  });
  await setTenderProcedure(db, award.id, { procedureId, kind: "result", supersedesExternalId: null });
  await replaceTenderAwards(
    db,
    award.id,
    [
      {
        lot: "LOT-0001",
        status: "awarded",
        value: "1000.00",
        currency: "EUR",
        decided_at: "2026-10-20",
        contract_signed_at: null,
        contract_end: "2027-10-31",
        tenders_received: 3,
        winners: [
          { organisation_id: null, name: "Winner Ltd", identifier: null, scheme: null, country: "EE" },
        ],
      },
    ],
    null,
  );
  await setTenderAwardFacts(db, award.id, {
    buyerOrganisationId: null,
    awardsUnreadable: null,
    contractEnd: "2027-10-31",
  });
  await options.link(db, procedureId);

  const notices = options.notices ?? 1500;
  const largeProcedureId = await lockProcedure(db, source, `${tag}-large-procedure`);
  const from = options.generatedFrom ?? 1_000_001;
  await insertGeneratedTenders(db, { from, count: notices });
  // All of one source, like a TED procedure: the generator makes a quarter Contracts Finder's.
  await sql`
    UPDATE tenders SET procedure_id = ${largeProcedureId}, kind = 'competition', source_id = ${source}
    WHERE external_id LIKE 'gen-%' AND substring(external_id FROM 5)::int BETWEEN ${from} AND ${from + notices - 1}`.execute(
    db,
  );
  return { procedureId, chain, awardNoticeId: award.id, largeProcedureId };
}
