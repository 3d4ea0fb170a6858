// When to show a field's error: after the user leaves it invalid, and no longer once it is valid.
import { useState } from 'react';

export function useFieldError(isValid: (value: string) => boolean) {
  const [blurredInvalid, setBlurredInvalid] = useState(false);
  return {
    blurredInvalid,
    onBlur: (value: string) => setBlurredInvalid(value.trim() !== '' && !isValid(value)),
    onEdit: (value: string) => {
      if (isValid(value)) setBlurredInvalid(false);
    },
  };
}
