/** Left-aligned columns separated by two spaces; control characters in cells become "?". */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const clean = [header, ...rows].map((row) => row.map((cell) => cell.replace(/\p{Cc}/gu, "?")));
  const widths = header.map((_, i) => Math.max(...clean.map((row) => [...(row[i] ?? "")].length)));
  return clean
    .map((row) =>
      row
        .map((cell, i) =>
          i === row.length - 1 ? cell : cell + " ".repeat((widths[i] ?? 0) - [...cell].length),
        )
        .join("  "),
    )
    .join("\n");
}
