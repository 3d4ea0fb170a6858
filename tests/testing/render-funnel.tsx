// Renders a whole funnel page for a flow at /test, as the app would (router, copy), for tests of the funnel page.
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { Flow } from '../../engine/types.ts';
import { FunnelRoute } from '../../src/funnel/FunnelPage.tsx';
import { i18n } from './i18n.ts';

export function renderFunnel(flow: Flow): UserEvent {
  window.history.replaceState(null, '', '/test');
  render(
    <I18nextProvider i18n={i18n}>
      <FunnelRoute flow={flow} />
    </I18nextProvider>,
  );
  return userEvent.setup();
}
