/** Shown while the first route loads: plain CSS, so the login path stays small. */
export function FullPageSpinner() {
  return (
    <div className="pb-full-page-spinner" role="status" aria-live="polite">
      <span className="pb-spinner" />
    </div>
  );
}
