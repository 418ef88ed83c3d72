/** A duration in seconds as the two largest units: `45s`, `12m 5s`, `3h 2m`, `2d 4h`. */
export function formatAge(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const units: [number, string][] = [
    [Math.floor(s / 86_400), "d"],
    [Math.floor((s % 86_400) / 3_600), "h"],
    [Math.floor((s % 3_600) / 60), "m"],
    [s % 60, "s"],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return "0s";
  return units
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join(" ");
}

/** A long opaque value shortened to `max` characters, keeping its start and end: `abcdef…uvwxyz`. */
export function shorten(value: string, max = 40): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join("")}…${chars.slice(chars.length - tail).join("")}`;
}
