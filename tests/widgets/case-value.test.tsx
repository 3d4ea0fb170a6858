import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseValue, type CaseValueProps } from '../../widgets/case-value/CaseValue.tsx';
import { renderWidget } from '../testing/render-widget.tsx';

const props: CaseValueProps = {
  level: 'level',
  percents: [12, 36, 75, 95],
  headlines: ['common:caseValue.low', 'common:caseValue.medium', 'common:caseValue.high', 'common:caseValue.highest'],
  factors: [
    { field: 'fault', kind: 'yesno', label: 'factors.fault' },
    { field: 'commercial', kind: 'yesno', label: 'factors.commercial' },
    { field: 'injuries', kind: 'slider', label: 'factors.injuries' },
    { field: 'pain', kind: 'slider', label: 'factors.pain' },
  ],
};
const answers = { fault: false, commercial: true, injuries: 2, pain: 0 };

describe('case-value', () => {
  it.each([
    [0, 'Low case value determined', '12%'],
    [1, 'Medium case value determined', '36%'],
    [2, 'High case value determined', '75%'],
    [3, 'Highest case value determined', '95%'],
  ])('level %i shows "%s" and a gauge at %s', (level, headline, percent) => {
    renderWidget(CaseValue, { props, answers, computed: { level } });
    expect(screen.getByRole('heading', { name: headline })).toBeVisible();
    expect(screen.getByText(percent)).toBeVisible();
    expect(screen.getByRole('img', { name: `Case value gauge: ${headline}, ${percent}` })).toBeInTheDocument();
  });

  it('lists each factor with its answer', () => {
    renderWidget(CaseValue, { props, answers, computed: { level: 3 } });
    const list = screen.getByRole('region', { name: 'Based on your answers' });
    const rows = within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['At fault', 'No'],
      ['Commercial vehicle', 'Yes'],
      ['Injury degree', 'High'],
      ['Pain and suffering', 'Low'],
    ]);
  });

  it('shows unanswered factors as such and a missing level as the lowest', () => {
    renderWidget(CaseValue, { props, answers: {}, computed: {} });
    expect(screen.getByRole('heading', { name: 'Low case value determined' })).toBeVisible();
    expect(screen.getAllByText('Not answered')).toHaveLength(4);
  });

  it('renders Spanish', () => {
    renderWidget(CaseValue, { props, answers, computed: { level: 2 }, lng: 'es' });
    expect(screen.getByRole('heading', { name: 'Valor del caso: alto' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Indicador del valor del caso: Valor del caso: alto, 75%' })).toBeInTheDocument();
    expect(screen.getByText('Vehículo comercial').nextElementSibling).toHaveTextContent('Sí');
    expect(screen.getByText('Lesiones').nextElementSibling).toHaveTextContent('Alto');
  });
});
