// Until when a report alert texts, and what then: the alert's end (the lead API's alert.expiresAt) written out in the
// person's language and their browser's time zone; nothing without an end.
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertEnd } from '../../widgets/alert-end/AlertEnd.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

/** 30 days from Friday, November 27, 2026, 2:15 PM in Chicago. */
const expiresAt = '2026-12-27T20:15:00.000Z';
const props = { ends: 'alertEnds', text: 'common:alert.done.until' };

describe('alert end', () => {
  // The browser's zone: the time the person reads is theirs.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Chicago';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('says until when the alert texts and what happens when it ends (English)', () => {
    renderWidget(AlertEnd, { props, computed: { alertEnds: expiresAt } });
    expect(screen.getByText(/until Sunday, December 27, 2026 at 2:15\s?PM\b/)).toHaveTextContent(
      /^Your alert lasts until Sunday, December 27, 2026 at 2:15\sPM\. If no report that matches is filed by then, a last text will say so and offer a new search\.$/,
    );
  });

  it('in Spanish', () => {
    renderWidget(AlertEnd, { props, computed: { alertEnds: expiresAt }, lng: 'es' });
    expect(screen.getByText(/domingo, 27 de diciembre de 2026/)).toHaveTextContent(
      /^Su alerta sigue activa hasta el domingo, 27 de diciembre de 2026, 2:15\sp\.\s?m\.: si para entonces no se registra ningún informe que coincida, un último mensaje se lo dirá y le ofrecerá una nueva búsqueda\.$/,
    );
  });

  it('says so after a report already on file: the other matches it texts until then', () => {
    renderWidget(AlertEnd, { props: { ...props, text: 'common:alert.onFile.until' }, computed: { alertEnds: expiresAt } });
    expect(
      screen.getByText(/^We'll also text you any other matching report filed until Sunday, December 27, 2026 at 2:15\sPM, when the alert ends\.$/),
    ).toBeInTheDocument();
  });

  it('shows nothing without an end', () => {
    for (const alertEnds of [undefined, null, 'soon']) {
      const { container, unmount } = renderWidget(AlertEnd, { props, computed: { alertEnds } });
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
