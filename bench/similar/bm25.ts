// A plain BM25 (k1 = 1.2, b = 0.75) over lower-cased letter-and-digit tokens: the baseline the
// similar contracts' text ranking is compared with.
const TOKEN = /[\p{L}\p{N}]+/gu;

export const tokens = (text: string): string[] => text.normalize("NFKC").toLowerCase().match(TOKEN) ?? [];

export interface Bm25Index {
  /** Document ids by score against the query, best first, id breaking ties; only those sharing a term. */
  rank(query: string, keep: (id: string) => boolean): string[];
}

export function bm25Index(documents: ReadonlyMap<string, string>, k1 = 1.2, b = 0.75): Bm25Index {
  const postings = new Map<string, Map<string, number>>();
  const lengths = new Map<string, number>();
  for (const [id, text] of documents) {
    const words = tokens(text);
    lengths.set(id, words.length);
    for (const word of words) {
      const list = postings.get(word) ?? new Map<string, number>();
      list.set(id, (list.get(word) ?? 0) + 1);
      postings.set(word, list);
    }
  }
  const n = documents.size;
  const average = [...lengths.values()].reduce((s, l) => s + l, 0) / Math.max(1, n);
  return {
    rank(query, keep) {
      const scores = new Map<string, number>();
      for (const word of new Set(tokens(query))) {
        const list = postings.get(word);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5));
        for (const [id, tf] of list) {
          const length = lengths.get(id) ?? 0;
          const score = (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / average));
          scores.set(id, (scores.get(id) ?? 0) + score);
        }
      }
      return [...scores.entries()]
        .filter(([id]) => keep(id))
        .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
        .map(([id]) => id);
    },
  };
}
