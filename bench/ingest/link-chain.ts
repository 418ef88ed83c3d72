// Linking cost of one procedure against the length of its chain of versions (issue 32, finding
// 7: relinking grew about cubically, 1,000 versions 0.11 s, 2,000 0.66 s, 4,000 4.7 s, and it runs
// on every notice that joins the procedure). `linkProcedureNotices` over three shapes of n
// notices: a TED chain (each change names the previous one), an OCDS chain (each change names
// none: it replaces the previous call or change) and a star (every change names the call, so
// each is the next version of the one before it). Prints the median of `rounds` runs per size,
// the time per notice and the load average before each size: linear work keeps the time per
// notice flat as n doubles.
// Usage (after `pnpm build`): node bench/ingest/link-chain.ts [largest n, default 32000] [rounds, default 5]
import { loadavg } from "node:os";
import { linkProcedureNotices, type ProcedureNotice } from "../../packages/ingest/dist/index.js";

const largest = Number(process.argv[2] ?? 32000);
const rounds = Number(process.argv[3] ?? 5);
type Shape = "ted-chain" | "ocds-chain" | "star";

function notices(n: number, shape: Shape): ProcedureNotice[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `id-${i}`,
    externalId: `${String(i).padStart(6, "0")}-2026`,
    kind: i === 0 ? "competition" : "change",
    supersedes:
      i === 0 || shape === "ocds-chain"
        ? null
        : shape === "star"
          ? "000000-2026"
          : `${String(i - 1).padStart(6, "0")}-2026`,
    publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    title: `Cleaning ${i % 3}`,
    deadline: null,
    amount: String(1000 + (i % 7)),
    currency: "GBP",
    documents: [`Specification ${i % 5}`],
    source: "ted",
    buyers: ["name:council"],
  }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`rounds ${rounds}; shapes ted-chain, ocds-chain, star`);
for (let n = 1000; n <= largest; n *= 2) {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
  const cells: string[] = [];
  for (const shape of ["ted-chain", "ocds-chain", "star"] as const) {
    const input = notices(n, shape);
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const start = performance.now();
      const links = linkProcedureNotices(input, "ted");
      times.push(performance.now() - start);
      if (links.size !== n) throw new Error("every notice gets a link");
    }
    const ms = median(times);
    cells.push(`${shape} ${ms.toFixed(1)} ms (${((ms * 1000) / n).toFixed(2)} µs/notice)`);
  }
  console.log(`n=${n} load ${load}: ${cells.join("; ")}`);
}
