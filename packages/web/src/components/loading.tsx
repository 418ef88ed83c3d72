/** A loading state that screen readers announce. */
export function Loading({ label }: { label: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
