// The copy table: every key the flow names with its English and Spanish text side by side; missing and unused keys marked.
import { useMemo, useState } from 'react';
import type { Catalogues } from '../../engine/check.ts';
import type { Flow } from '../../engine/types.ts';
import { copyRows, type CopyRow } from './copy-table.ts';

const STATUS: Record<CopyRow['status'], string> = { ok: 'in both', missing: 'missing', unused: 'unused' };
const FILTERS = ['all', 'missing', 'unused'] as const;

export function CopyTable({ flow, flows, catalogues }: { flow: Flow; flows: Flow[]; catalogues: Catalogues }) {
  const rows = useMemo(() => copyRows(flow, catalogues, flows), [flow, catalogues, flows]);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const count = (status: CopyRow['status']) => rows.filter((r) => r.status === status).length;
  const shown = filter === 'all' ? rows : rows.filter((r) => r.status === filter);

  return (
    <section className="copy" aria-labelledby="copy-title">
      <div className="copy-head">
        <h2 id="copy-title">
          Copy of {flow.id}: {rows.length - count('unused')} keys, {count('missing')} missing, {count('unused')} unused
        </h2>
        <div className="segmented" role="group" aria-label="Show">
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {f === 'all' ? 'All' : f === 'missing' ? `Missing (${count('missing')})` : `Unused (${count('unused')})`}
            </button>
          ))}
        </div>
      </div>
      <div className="copy-frame">
        <table className="copy-table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">English</th>
              <th scope="col">Spanish</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} className={`is-${row.status}`}>
                <th scope="row">
                  <code>{row.key}</code>
                  <span className="copy-where">
                    {row.namespace} · {row.usedAt}
                  </span>
                </th>
                <td lang="en">{row.text.en ?? <span className="copy-missing">missing</span>}</td>
                <td lang="es">
                  {row.text.es ?? (
                    <span className="copy-missing" lang="en">
                      missing
                    </span>
                  )}
                </td>
                <td>
                  <span className={`copy-status is-${row.status}`}>{STATUS[row.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
