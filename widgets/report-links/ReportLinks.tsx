// Reports a step can open at once (a report already on file when an alert is set): a heading, a line, and a link to
// each report's screen.
import { useId, type MouseEvent } from 'react';
import type { WidgetProps } from '../types.ts';
import { CheckIcon } from '../shared/icons.tsx';
import { useCopy } from '../shared/use-copy.ts';
import './report-links.css';

export type ReportLinksProps = {
  /** Computed value listing the reports: [{ id, path }], path an app path such as /accident/{id}?proof=… */
  reports: string;
  /** Copy keys of the heading, the line under it, and the link to one report. */
  title: string;
  text: string;
  link: string;
  /** Copy key of each link when there are several ({{number}} of {{count}}). */
  linkOf: string;
};

interface ReportLink {
  id: string;
  path: string;
}

const isLink = (value: unknown): value is ReportLink =>
  typeof value === 'object' && value !== null && typeof (value as ReportLink).id === 'string' && /^\/[^/]/.test(String((value as ReportLink).path));

export function ReportLinks({ props, computed, navigate, ns }: WidgetProps<ReportLinksProps>) {
  const { t, lng } = useCopy(ns);
  const titleId = useId();
  const listed = computed[props.reports];
  const reports = Array.isArray(listed) ? listed.filter(isLink) : [];
  if (reports.length === 0) return null;

  // In the app, as its other links go (a click with a modifier key opens a tab, as a link does).
  const open = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <section className="widget report-links card" aria-labelledby={titleId}>
      <h2 id={titleId} className="report-links__title">
        <CheckIcon />
        <span>{t(props.title)}</span>
      </h2>
      <p>{t(props.text)}</p>
      <ul className="report-links__list">
        {reports.map((report, i) => (
          <li key={report.id}>
            <a
              className="btn btn-primary"
              href={lng === 'en' ? report.path : `${report.path}${report.path.includes('?') ? '&' : '?'}lang=${lng}`}
              onClick={(e) => open(e, report.path)}
            >
              {reports.length === 1 ? t(props.link) : t(props.linkOf, { number: i + 1, count: reports.length })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
