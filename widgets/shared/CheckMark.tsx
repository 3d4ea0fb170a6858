// The green "this field is valid" mark, named for screen readers.
import { CheckIcon } from './icons.tsx';

export function CheckMark({ label }: { label: string }) {
  return (
    <span className="check-mark" role="img" aria-label={label}>
      <CheckIcon />
    </span>
  );
}
