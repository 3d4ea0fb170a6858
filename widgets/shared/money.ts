// Dollar amounts as people in the US read them, in the visit's language: "$30,000", no cents.
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, lng: string): string {
  const locale = lng === 'es' ? 'es-US' : 'en-US';
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })));
  return format.format(amount);
}
