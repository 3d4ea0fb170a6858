// The redirect widget: it navigates to its page once (even when re-rendered) and offers a Continue link meanwhile.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Redirect } from '../../widgets/redirect/Redirect.tsx';
import { i18nFor } from '../testing/i18n.ts';
import { renderWidget } from '../testing/render-widget.tsx';

describe('redirect', () => {
  it('goes to the page once shown, with a link in case the browser does not follow', () => {
    const href = 'https://www.atsdr.cdc.gov/sites/lejeune/';
    const { navigate } = renderWidget(Redirect, { props: { href, text: 'camp-lejeune:step5.redirect' } });
    expect(navigate).toHaveBeenCalledWith(href);
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to more information about Camp Lejeune claims');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', href);
  });
});

describe('redirect, shown again', () => {
  it('navigates only once when the page re-renders it with a new navigate function', () => {
    const calls: string[] = [];
    const ui = () => (
      <I18nextProvider i18n={i18nFor('en')}>
        <Redirect
          props={{ href: '/', text: 'camp-lejeune:step5.redirect' }}
          answers={{}}
          computed={{}}
          busy={false}
          send={() => undefined}
          back={() => undefined}
          ns="camp-lejeune"
          navigate={(href) => calls.push(href)}
        />
      </I18nextProvider>
    );
    const { rerender } = render(ui());
    rerender(ui());
    expect(calls).toEqual(['/']);
  });
});
