// A field's error, in a polite live region whose id the control names in aria-describedby.
export function FieldMessage({ id, error }: { id: string; error: string | null | undefined }) {
  return (
    <div id={id} className="field__message" aria-live="polite">
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/** The aria-describedby value for a control: the error's id while there is an error, plus any hints. */
export function describedBy(errorId: string, error: string | null | undefined, ...hints: (string | null | undefined | false)[]) {
  return [error ? errorId : null, ...hints].filter(Boolean).join(' ') || undefined;
}
