/** One scrape of a `/metrics` endpoint, parsed just enough to check names and labels. */
export interface Scrape {
  /** Metric names from the `# TYPE` lines. */
  names: string[];
  /** Every sample: the series name (with `_bucket`, `_sum`…) and its labels. */
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** GETs `url` and parses the Prometheus text format. */
export async function scrapeMetrics(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!response.headers.get("content-type")?.startsWith("text/plain")) throw new Error(`${url}: not text`);
  const text = await response.text();
  const names: string[] = [];
  const samples: Scrape["samples"] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type?.[1]) names.push(type[1]);
    if (line === "" || line.startsWith("#")) continue;
    const m = SAMPLE.exec(line);
    if (!m?.[1]) continue;
    const labels = Object.fromEntries([...(m[2] ?? "").matchAll(LABEL)].map((l) => [l[1], l[2]]));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { names, samples };
}

/** The distinct values each label takes in a scrape. */
export function labelValues(scrape: Scrape): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  for (const { labels } of scrape.samples) {
    for (const [label, value] of Object.entries(labels)) {
      if (label === "le" || label === "quantile") continue;
      const set = values.get(label) ?? new Set<string>();
      set.add(value);
      values.set(label, set);
    }
  }
  return values;
}
