// Reports to open at once (a report already on file when an alert is set): nothing without any, a link to each in the
// app (with the language kept), in both languages.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportLinks } from '../../widgets/report-links/ReportLinks.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props = {
  reports: 'onFile',
  title: 'common:alert.onFile.title',
  text: 'common:alert.onFile.text',
  link: 'common:alert.onFile.link',
  linkOf: 'common:alert.onFile.linkOf',
};
const one = [{ id: 'r1', path: '/accident/r1?proof=aAbCdEfGhIjKlMnOpQrStUv.tqsyof.AbCdEfGhIjKlMnOp' }];
const two = [...one, { id: 'r2', path: '/accident/r2' }];

describe('the report-links widget', () => {
  it('shows nothing without reports (or with something else in their place)', () => {
    for (const onFile of [undefined, [], 'x', [{ id: 'r1', path: 'https://evil.example/' }]]) {
      const { container, unmount } = renderWidget(ReportLinks, { props, computed: { onFile }, ns: 'search' });
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('says the report is on file and opens it in the app', async () => {
    const { user, navigate } = renderWidget(ReportLinks, { props, computed: { onFile: one }, ns: 'search' });
    expect(screen.getByRole('heading', { level: 2, name: 'Your report is already on file' })).toBeInTheDocument();
    expect(screen.getByText("A report that matches your alert is on file now. We've texted you the link as well.")).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'See your report' });
    expect(link).toHaveAttribute('href', one[0]!.path);
    await user.click(link);
    expect(navigate.mock.calls).toEqual([[one[0]!.path]]);
  });

  it('numbers several reports, in Spanish with the language on each link', () => {
    renderWidget(ReportLinks, { props, computed: { onFile: two }, ns: 'search', lng: 'es' });
    expect(screen.getByRole('heading', { level: 2, name: 'Su informe ya está registrado' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ver el informe 1 de 2', '/accident/r1?proof=aAbCdEfGhIjKlMnOpQrStUv.tqsyof.AbCdEfGhIjKlMnOp&lang=es'],
      ['Ver el informe 2 de 2', '/accident/r2?lang=es'],
    ]);
  });
});
