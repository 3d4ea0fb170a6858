// The phone date picker: a modal bottom sheet (focus kept inside, Escape cancels) around the lazily loaded date wheel.
import { Suspense, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../dialog/use-modal.ts';
import { lazyPart } from '../lazy-part.tsx';
import { LoadBoundary } from '../shared/LoadBoundary.tsx';
import { useCopy } from '../shared/use-copy.ts';
import { clampParts, formatDate, parseDate, type DateParts } from './date-parts.ts';
import './wheel-sheet.css';

const DateWheel = lazyPart(() => import('./DateWheel.tsx').then((m) => m.default));

/** The floor when min is not a date (DEFAULT_MIN_DATE). */
const FIRST_DATE: DateParts = { year: 1900, month: 1, day: 1 };

interface WheelSheetProps {
  /** The field's label, the sheet's title. */
  title: string;
  value: string;
  min: string;
  max: string;
  onConfirm: (value: string) => void;
  onCancel: () => void;
}

export function WheelSheet({ title, value, min, max, onConfirm, onCancel }: WheelSheetProps) {
  const { t } = useCopy('fields');
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bounds = useMemo(() => {
    const fallbackMax = new Date();
    const upper = parseDate(max) ?? { year: fallbackMax.getFullYear(), month: fallbackMax.getMonth() + 1, day: fallbackMax.getDate() };
    const lower = parseDate(min) ?? FIRST_DATE;
    return { min: lower, max: upper };
  }, [min, max]);
  // With no date yet the wheel starts at max (today), the likeliest neighbourhood of an accident date.
  const [draft, setDraft] = useState(() => clampParts(parseDate(value) ?? bounds.max, bounds.min, bounds.max));
  useModal(rootRef, titleRef, onCancel);

  return createPortal(
    // A tap on the dimmed page cancels, as on iOS; Escape is the keyboard's way (useModal).
    <div
      ref={rootRef}
      className="wheel-sheet"
      role="presentation"
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div className="wheel-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="wheel-sheet__bar">
          <button type="button" className="wheel-sheet__action" onClick={onCancel}>
            {t('fields:date.cancel')}
          </button>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="wheel-sheet__title">
            {title}
          </h2>
          <button type="button" className="wheel-sheet__action wheel-sheet__action--confirm" onClick={() => onConfirm(formatDate(draft))}>
            {t('fields:date.confirm')}
          </button>
        </div>
        <LoadBoundary message={t('fields:date.failed')} retry={t('app:funnel.retry')} className="wheel-sheet__loading">
          <Suspense fallback={<p className="wheel-sheet__loading">{t('fields:date.loading')}</p>}>
            <DateWheel value={draft} min={bounds.min} max={bounds.max} onChange={(parts) => setDraft(clampParts(parts, bounds.min, bounds.max))} />
          </Suspense>
        </LoadBoundary>
      </div>
    </div>,
    document.body,
  );
}
