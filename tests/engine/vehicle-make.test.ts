// Vehicle makes are kept as the crash-report systems write them (capitals: "JEEP", "MERCEDES-BENZ"), and shown as their
// makers write them: title case, acronyms kept, the list's categories in the reader's language.
import { describe, expect, it } from 'vitest';
import { makeLabel } from '../../engine/vehicle-make.ts';
import makes from '../../widgets/locate/vehicle-makes.json';

const t = (key: string) => `<${key}>`;

describe('makeLabel', () => {
  it.each([
    ['JEEP', 'Jeep'],
    ['CHEVROLET', 'Chevrolet'],
    ['ALFA ROMEO', 'Alfa Romeo'],
    ['MERCEDES-BENZ', 'Mercedes-Benz'],
    ['HARLEY-DAVIDSON', 'Harley-Davidson'],
    ['BMW', 'BMW'],
    ['GMC', 'GMC'],
    ['RAM', 'RAM'],
    ['KTM', 'KTM'],
    ['MV AGUSTA', 'MV Agusta'],
    ['CASE IH', 'Case IH'],
    ['IC BUS', 'IC Bus'],
    ['UD TRUCKS', 'UD Trucks'],
    ['MCLAREN', 'McLaren'],
    ['DELOREAN', 'DeLorean'],
    ['E-Z-GO', 'E-Z-GO'],
    ['DE TOMASO', 'De Tomaso'],
  ])('shows %s as %s', (make, shown) => {
    expect(makeLabel(make, t)).toBe(shown);
  });

  it('names the categories of the list in the reader’s words, not as makes', () => {
    expect(makeLabel('UNKNOWN', t)).toBe('<common:makes.unknown>');
    expect(makeLabel('OTHER (EXPLAIN IN NARRATIVE)', t)).toBe('<common:makes.other>');
    expect(makeLabel('ALL OTHER MAKES', t)).toBe('<common:makes.allOther>');
  });

  it('shouts no make of the list: no word of four letters or more stays in capitals but the makers’ own (AGCO, CFMOTO)', () => {
    const shouting = makes
      .map((make) => makeLabel(make, t))
      .filter((label) => !label.startsWith('<') && /\b[A-Z]{4,}\b/.test(label.replace(/\b(AGCO|CFMOTO)\b/, '')));
    expect(shouting).toEqual([]);
  });

  it('shows a make the list does not have (typed on an old report) the same way', () => {
    expect(makeLabel('SOME NEW MOTORS', t)).toBe('Some New Motors');
    expect(makeLabel('', t)).toBe('');
  });
});
