// The wizard's own Back and Next (the step has no page nav) under the padlock line every form shows (§2.7): a quiet
// note that the details travel encrypted, not a badge.
import { useCopy } from '../shared/use-copy.ts';
import { PadlockIcon } from './locate-icons.tsx';

interface LocateNavProps {
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
}

export function LocateNav({ onBack, onNext, busy }: LocateNavProps) {
  const { t } = useCopy('locate');
  return (
    <div className="locate-nav">
      <p className="locate-secure">
        <PadlockIcon />
        <span>{t('locate:secure')}</span>
      </p>
      <div className="locate-nav__buttons">
        <button type="button" className="btn btn-secondary" onClick={onBack} disabled={busy}>
          {t('common:nav.back')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onNext} disabled={busy} aria-busy={busy || undefined}>
          {t('common:nav.next')}
        </button>
      </div>
    </div>
  );
}
