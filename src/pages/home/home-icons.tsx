// Decorative icons of the home screen's actions (hidden from assistive technology; the text beside them says it all).
const common = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', className: 'icon' } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A gauge: the claim calculator. */
export function GaugeIcon() {
  return (
    <svg {...common}>
      <path d="M4 17a8 8 0 1 1 16 0" {...stroke} />
      <path d="M12 17l4-5" {...stroke} />
      <circle cx="12" cy="17" r="1.4" fill="currentColor" />
    </svg>
  );
}

/** Two speech bubbles: a consultation. */
export function TalkIcon() {
  return (
    <svg {...common}>
      <path d="M4 5.5h11a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H9l-4 3v-3H4A1.5 1.5 0 0 1 2.5 13V7A1.5 1.5 0 0 1 4 5.5z" {...stroke} />
      <path d="M19 9.5h1a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5h-1v2.5l-3.5-2.5H12" {...stroke} />
    </svg>
  );
}

/** A bell: being notified. */
export function BellIcon() {
  return (
    <svg {...common}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z" {...stroke} />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" {...stroke} />
    </svg>
  );
}
