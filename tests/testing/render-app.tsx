// Renders the whole app (its routes) at a URL, as a visitor who opens that address would see it.
import { render } from '@testing-library/react';
import { AppRoutes } from '../../src/routes.tsx';

export function renderAppAt(url: string): ReturnType<typeof render> {
  window.history.replaceState(null, '', url);
  return render(<AppRoutes />);
}
