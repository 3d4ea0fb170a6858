// What a screen shows while its code or copy arrives: grey blocks where its heading, text and button will be, so the
// page has its shape at once instead of a bare "Loading…"; screen readers hear the label once, as a status.
export function Skeleton({ label }: { label: string }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <span className="skeleton__block skeleton__heading" aria-hidden="true" />
      <span className="skeleton__block" aria-hidden="true" />
      <span className="skeleton__block" aria-hidden="true" />
      <span className="skeleton__block skeleton__short" aria-hidden="true" />
      <span className="skeleton__block skeleton__button" aria-hidden="true" />
    </div>
  );
}
