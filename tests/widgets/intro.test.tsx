import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Intro } from '../../widgets/intro/Intro.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props = { text: 'intro.text', points: ['intro.points.free', 'intro.points.fast'] };

describe('intro', () => {
  it('shows the lead text and one list item per point', () => {
    renderWidget(Intro, { props });
    expect(screen.getByText('Answer a few questions.')).toBeVisible();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['It is free', 'It is fast']);
  });

  it('works without points', () => {
    renderWidget(Intro, { props: { text: 'intro.text' } });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('renders Spanish', () => {
    renderWidget(Intro, { props, lng: 'es' });
    expect(screen.getByText('Responda unas preguntas.')).toBeVisible();
    expect(screen.getByText('Es gratis')).toBeVisible();
  });
});
