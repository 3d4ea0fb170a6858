import { describe, expect, it } from 'vitest';
import jsonLogic from 'json-logic-js';
import { evaluate, holds, operationsIn, render } from '../../engine/logic.ts';

/** Noon, 1 June 2026, local time. */
const now = () => new Date(2026, 5, 1, 12).getTime();

describe('flow expressions', () => {
  it('checks fields with the spec rules', () => {
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: 'Jo Smith' }, now)).toBe(true);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: 'J Smith' }, now)).toBe(false);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: "Anne-Marie O'Neil" }, now)).toBe(false);
    expect(evaluate({ valid: ['fullName', { var: 'n' }] }, { n: "Anne O'Neil" }, now)).toBe(true);
    expect(evaluate({ valid: ['email', 'a@b.co'] }, {}, now)).toBe(true);
    expect(evaluate({ valid: ['email', 'a@b'] }, {}, now)).toBe(false);
    expect(evaluate({ valid: ['phone', '555-0123'] }, {}, now)).toBe(false);
    expect(evaluate({ valid: ['phone', '(202) 555-0123'] }, {}, now)).toBe(true);
    expect(evaluate({ valid: ['code', '0123'] }, {}, now)).toBe(true);
    expect(evaluate({ valid: ['code', '12a4'] }, {}, now)).toBe(false);
  });

  it('splits phones into the country code and the national number, +1 by default and +381 for Serbia', () => {
    expect(evaluate({ phoneCountry: ['(202) 555-0123'] }, {}, now)).toBe('+1');
    expect(evaluate({ phoneNational: ['(202) 555-0123'] }, {}, now)).toBe('2025550123');
    expect(evaluate({ phoneCountry: ['381641234567'] }, {}, now)).toBe('+381');
    expect(evaluate({ phoneNational: ['+381 64 1234567'] }, {}, now)).toBe('641234567');
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
        now,
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

  it('reads dates against the clock it is given, not the wall clock', () => {
    const pastDate = { valid: ['pastDate', { var: 'd' }] };
    expect(evaluate(pastDate, { d: '2026-06-01' }, now)).toBe(true);
    expect(evaluate(pastDate, { d: '2026-06-02' }, now)).toBe(false);
    expect(evaluate(pastDate, { d: '2026-06-02' }, () => new Date(2026, 5, 2, 0, 1).getTime())).toBe(true);
    expect(evaluate({ valid: ['vehicleYear', 2026] }, {}, now)).toBe(true);
    expect(evaluate({ valid: ['vehicleYear', 2027] }, {}, now)).toBe(false);
  });

  it('runs flow operations inside the operators that evaluate lazily or per item', () => {
    const valid = (field: string) => ({ valid: ['fullName', { var: field }] });
    const data = { a: 'Jo Smith', b: 'J', names: ['Jo Smith', 'X', 'Ann Lee'] };
    expect(evaluate({ and: [valid('a'), valid('b')] }, data, now)).toBe(false);
    expect(evaluate({ or: [valid('b'), valid('a')] }, data, now)).toBe(true);
    expect(evaluate({ if: [valid('b'), 'b', valid('a'), 'a', 'none'] }, data, now)).toBe('a');
    expect(evaluate({ '!': [valid('b')] }, data, now)).toBe(true);
    expect(evaluate({ filter: [{ var: 'names' }, { valid: ['fullName', { var: '' }] }] }, data, now)).toEqual(['Jo Smith', 'Ann Lee']);
    expect(evaluate({ map: [{ var: 'names' }, { splitName: [{ var: '' }, 'first'] }] }, data, now)).toEqual(['Jo', 'X', 'Ann']);
    expect(evaluate({ some: [{ var: 'names' }, { '!': { valid: ['fullName', { var: '' }] } }] }, data, now)).toBe(true);
    expect(evaluate({ all: [{ var: 'names' }, { valid: ['fullName', { var: '' }] }] }, data, now)).toBe(false);
    expect(evaluate({ none: [[], { valid: ['fullName', { var: '' }] }] }, data, now)).toBe(true);
    const letters = { reduce: [{ var: 'names' }, { '+': [{ var: 'accumulator' }, { count: [{ var: 'current' }] }] }, 0] };
    expect(evaluate(letters, { names: [[1, 2], { a: 1 }, []] }, now)).toBe(3);
    expect(holds({ '==': [{ point: ['30.27', '-97.74'] }, null] }, {}, now)).toBe(false);
    expect(evaluate({ cat: [{ phoneCountry: ['(202) 555-0123'] }, ' ', { number: ['2019'] }] }, {}, now)).toBe('+1 2019');
  });

  it('leaves json-logic-js as it found it: its own apply knows no flow operation', () => {
    expect(() => jsonLogic.apply({ valid: ['email', 'a@b.co'] }, {}) as unknown).toThrow('Unrecognized operation valid');
  });
});
