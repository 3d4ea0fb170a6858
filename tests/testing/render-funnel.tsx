// Renders a whole funnel page for a flow at /test, as the app would (router, copy), for tests of the funnel page.
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { Flow } from '../../engine/types.ts';
import { VISIT_TOKEN_KEY } from '../../src/analytics/event-visit.ts';
import { FunnelRoute } from '../../src/funnel/FunnelPage.tsx';
import { i18n } from './i18n.ts';

/** Keeps a visit the server started, as the tab keeps it: the events code then asks no POST /api/visits of a test's fetch. */
export function keepStartedVisit(): void {
  if (sessionStorage.getItem(VISIT_TOKEN_KEY) !== null) return;
  const visit = `00000000-0000-4000-8000-000000000000.${Math.floor(Date.now() / 1000) + 86_400}.${'A'.repeat(22)}`;
  sessionStorage.setItem(VISIT_TOKEN_KEY, JSON.stringify({ visit, expiresAt: Date.now() + 86_400_000 }));
}

export function renderFunnel(flow: Flow): UserEvent {
  window.history.replaceState(null, '', '/test');
  keepStartedVisit();
  render(
    <I18nextProvider i18n={i18n}>
      <FunnelRoute flow={flow} />
    </I18nextProvider>,
  );
  return userEvent.setup();
}
