/** Length in Unicode code points, the unit JSON Schema `minLength`/`maxLength` count in. */
export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
