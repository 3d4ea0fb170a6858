import { describe, expect, it } from 'vitest';
import { queryNamesOf } from '../../engine/query-names.ts';
import type { Flow } from '../../engine/types.ts';
import { allFlows } from '../testing/flows.ts';

const flowReading = (...reads: unknown[]) => ({ id: 'f', steps: { a: { blocks: [{ widget: 'Intro', when: { and: reads } }] } } }) as unknown as Flow;

describe('queryNamesOf', () => {
  it("names each of the query's names a flow reads, once, wherever it reads them", () => {
    expect(queryNamesOf(flowReading({ var: 'query.vin' }, { '!!': { var: ['query.case', ''] } }, { var: 'query.vin' }, { var: 'answers.vin' }))).toEqual([
      'case',
      'vin',
    ]);
  });

  it('reads a name whole when the flow reads a part of it', () => {
    expect(queryNamesOf(flowReading({ var: 'query.where.city' }))).toEqual(['where']);
  });

  it('says so when a flow reads the query whole (any name may change it)', () => {
    expect(queryNamesOf(flowReading({ var: 'query' }))).toBeUndefined();
  });

  it("finds the names the product's funnels read: the report search's, and none of an ad's", () => {
    const names = new Map(allFlows().map((flow) => [flow.id, queryNamesOf(flow)]));
    expect(names.get('notify-me')).toEqual(['caseId', 'lat', 'lng', 'make', 'vin', 'year']);
    expect(names.get('calculator')).toEqual(['calc_id']);
    for (const read of names.values()) expect(read?.filter((name) => /^utm_|^gclid$/.test(name))).toEqual([]);
    expect(names.get('attorney')).toEqual([]);
  });
});
