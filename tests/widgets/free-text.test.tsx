// The free-text widget: the story text area with its label, hint and character count, its limit and Spanish copy.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FreeText } from '../../widgets/free-text/FreeText.tsx';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

const props = { field: 'accidentReason', label: 'attorney:step4.story', hint: 'attorney:step4.storyHint' };

describe('free text', () => {
  it('records what the person writes, with its label, hint and count', async () => {
    const { user, send } = renderWidget(FreeText, { props, answers: { accidentReason: '' } });
    const box = screen.getByRole('textbox', { name: 'Tell us what happened' });
    expect(box).toHaveAccessibleDescription(/In your own words.*0 of 5000 characters/);
    await user.type(box, 'Hit');
    expect(answersSent(send).at(-1)).toEqual({ accidentReason: 'Hit' });
    expect(screen.getByText('3 of 5000 characters')).toBeVisible();
  });

  it('is in Spanish and cannot take more than its limit', () => {
    renderWidget(FreeText, { props: { ...props, maxLength: 10 }, answers: { accidentReason: '' }, lng: 'es' });
    const box = screen.getByRole('textbox', { name: 'Cuéntenos qué pasó' });
    expect(box).toHaveAttribute('maxlength', '10');
    expect(screen.getByText('0 de 10 caracteres')).toBeVisible();
  });
});
