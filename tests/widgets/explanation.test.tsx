import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Explanation } from '../../widgets/explanation/Explanation.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props = { learnMoreHref: 'https://www.americanbar.org/groups/legal_services/flh-home/', closeHref: '/' };

describe('explanation', () => {
  it('confirms the request and explains when a lawyer is needed', () => {
    renderWidget(Explanation, { props });
    expect(screen.getByRole('status')).toHaveTextContent("Thank you. We've received your request.");
    expect(screen.getByRole('heading', { name: 'When do I need a lawyer?' })).toBeVisible();
    expect(screen.getByText(/If you or a passenger were hurt/)).toBeVisible();
    expect(screen.getByText(/says the accident was your fault/)).toBeVisible();
    expect(screen.getByText(/offers less than your bills/)).toBeVisible();
    expect(screen.getByText(/statute of limitations/)).toBeVisible();
  });

  it('opens Learn more in a new tab', () => {
    renderWidget(Explanation, { props });
    const link = screen.getByRole('link', { name: 'Learn more' });
    expect(link).toHaveAccessibleDescription('(opens in a new tab)');
    expect(link).toHaveAttribute('href', props.learnMoreHref);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('Close navigates to closeHref', async () => {
    const { user, navigate } = renderWidget(Explanation, { props });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('renders Spanish', () => {
    renderWidget(Explanation, { props, lng: 'es' });
    expect(screen.getByRole('heading', { name: '¿Cuándo necesito un abogado?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Más información' })).toHaveAccessibleDescription('(se abre en una pestaña nueva)');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });
});
