// How long to wait, in words of the visitor's language: "30 minutes", "2 hours", "29 días".
export function formatWait(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.ceil(seconds / 60)), 'minute']
      : seconds < 48 * 3600
        ? [Math.ceil(seconds / 3600), 'hour']
        : [Math.ceil(seconds / 86400), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
