import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../widgets/shared/money.ts';

const AMOUNTS = [0, 1, 5, 999, 1000, 2.5, 3.5, 999.5, 12_345, 30_000, 99_999.49, 100_000, 1_234_567, 1e9, -0.4, -2.5, -2500, -1_234_567.5];

describe('formatMoney', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['en', 'es'])('writes whole dollars as Intl does for people in the US (%s), with no cents', (lng) => {
    const intl = new Intl.NumberFormat(lng === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const amount of AMOUNTS) expect(formatMoney(amount), String(amount)).toBe(intl.format(amount));
  });

  it('does not use Intl: its first use in a page takes 15-45 ms of the main thread (60-180 at 4x CPU)', async () => {
    vi.resetModules();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const fresh = await import('../../widgets/shared/money.ts');
    fresh.formatMoney(30_000);
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
