import { describe, expect, it } from 'vitest';
import { evaluate, operationsIn, render } from '../../engine/logic.ts';

describe('flow expressions', () => {
  it('checks fields with the spec rules', () => {
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: 'Jo Smith' })).toBe(true);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: 'J Smith' })).toBe(false);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: "Anne-Marie O'Neil" })).toBe(false);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: "Anne O'Neil" })).toBe(true);
    expect(evaluate({ valid: ['email', 'a@b.co'] }, {})).toBe(true);
    expect(evaluate({ valid: ['email', 'a@b'] }, {})).toBe(false);
    expect(evaluate({ valid: ['phone', '555-0123'] }, {})).toBe(false);
    expect(evaluate({ valid: ['phone', '(202) 555-0123'] }, {})).toBe(true);
    expect(evaluate({ valid: ['code', '0123'] }, {})).toBe(true);
    expect(evaluate({ valid: ['code', '12a4'] }, {})).toBe(false);
  });

  it('splits phones into the country code and the national number, +1 by default and +381 for Serbia', () => {
    expect(evaluate({ phoneCountry: ['(202) 555-0123'] }, {})).toBe('+1');
    expect(evaluate({ phoneNational: ['(202) 555-0123'] }, {})).toBe('2025550123');
    expect(evaluate({ phoneCountry: ['381641234567'] }, {})).toBe('+381');
    expect(evaluate({ phoneNational: ['+381 64 1234567'] }, {})).toBe('641234567');
  });

  it('renders templates: operations evaluated, plain objects walked, nulls left out', () => {
    const data = { answers: { name: 'Maria de la Cruz', fault: false }, meta: {} };
    expect(
      render(
        {
          first: { splitName: [{ var: 'answers.name' }, 'first'] },
          last: { splitName: [{ var: 'answers.name' }, 'last'] },
          nested: { accidentDetails: { fault: { var: 'answers.fault' } } },
          gclid: { var: 'meta.gclid' },
          list: [{ var: 'answers.fault' }, 'x'],
        },
        data,
      ),
    ).toEqual({ first: 'Maria', last: 'de la Cruz', nested: { accidentDetails: { fault: false } }, list: [false, 'x'] });
  });

  it('lists the operations inside a value with their pointers', () => {
    const ops = [...operationsIn({ a: { and: [{ var: 'x' }, { '!': [{ var: 'y' }] }] } })];
    expect(ops.filter((o) => o.op === 'var').map((o) => [o.args, o.pointer])).toEqual([
      ['x', '/a/and/0'],
      ['y', '/a/and/1/!/0'],
    ]);
  });
});
