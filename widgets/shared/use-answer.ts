// One answer as local state that follows the machine's answers and reports changes with ANSWER.
import { useCallback, useState } from 'react';
import type { WidgetProps } from '../types.ts';

export function useAnswer<T>({ answers, send }: Pick<WidgetProps, 'answers' | 'send'>, field: string): [T | undefined, (value: T) => void] {
  const answer = answers[field] as T | undefined;
  const [value, setValue] = useState(answer);
  const [seen, setSeen] = useState(answer);
  // A change from outside (BACK clearing a field, a restored session) wins over local state.
  if (!Object.is(answer, seen)) {
    setSeen(answer);
    setValue(answer);
  }
  const set = useCallback(
    (next: T) => {
      setValue(next);
      send({ type: 'ANSWER', values: { [field]: next } });
    },
    [send, field],
  );
  return [value, set];
}
