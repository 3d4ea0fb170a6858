// Decorative icons of the locating wizard (hidden from assistive technology; the text beside them says it all).
const common = { 'aria-hidden': true, focusable: false, viewBox: '0 0 24 24', className: 'icon' } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function PadlockIcon() {
  return (
    <svg {...common}>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" {...stroke} />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" {...stroke} />
      <circle cx="12" cy="15.25" r="1.4" fill="currentColor" />
      <path d="M12 16.5v1.75" {...stroke} />
    </svg>
  );
}

/** A car: the VIN choice. */
export function CarIcon() {
  return (
    <svg {...common}>
      <path d="M3.5 16.5v-3.2l1.8-4.6A2 2 0 0 1 7.2 7.5h9.6a2 2 0 0 1 1.9 1.2l1.8 4.6v3.2" {...stroke} />
      <path d="M3.5 16.5h17M5 13.3h14" {...stroke} />
      <circle cx="7.5" cy="17.5" r="1.6" {...stroke} />
      <circle cx="16.5" cy="17.5" r="1.6" {...stroke} />
    </svg>
  );
}

/** A report with a number: the Case ID choice. */
export function ReportIcon() {
  return (
    <svg {...common}>
      <path d="M6.5 3.5h8l3 3v14h-11z" {...stroke} />
      <path d="M14.5 3.5v3h3M9 11h6M9 14.5h6M9 18h3.5" {...stroke} />
    </svg>
  );
}

/** A map pin: the map choice. */
export function PinIcon() {
  return (
    <svg {...common}>
      <path d="M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11-6.5 11z" {...stroke} />
      <circle cx="12" cy="10" r="2.3" {...stroke} />
    </svg>
  );
}

/** A crosshair: drop a pin at the centre of the map. */
export function CrosshairIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="6.5" {...stroke} />
      <path d="M12 2.5v4M12 17.5v4M2.5 12h4M17.5 12h4" {...stroke} />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** A location arrow: use my location. */
export function LocationIcon() {
  return (
    <svg {...common}>
      <path d="M20.5 3.5 3.5 10.6l7.3 2.6 2.6 7.3z" {...stroke} />
    </svg>
  );
}
