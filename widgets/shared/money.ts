// Dollar amounts as people in the US read them, in either language: "$30,000", no cents (es-US writes them as en-US
// does). Not Intl.NumberFormat: its first use in a page loads ICU's data, 15 to 45 ms of the main thread (60 to 180 at
// 4x CPU), and a funnel's next screens, drawn ahead after its first step, show amounts (tests/widgets/money.test.ts
// checks each amount against Intl's own).
export function formatMoney(amount: number): string {
  const dollars = Math.round(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${String(dollars).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
