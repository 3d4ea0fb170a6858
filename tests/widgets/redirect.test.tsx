import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Redirect } from '../../widgets/redirect/Redirect.tsx';
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
