// The report's PDF (in the visitor's language; the proof cookie opens its personal data) and a link to share (never with
// a proof, §8 copy link). The PDF is fetched, then saved: PDFs are the first thing the server sheds under load (503 with
// Retry-After), and a plain download link would end in a failed download; here the page says so and tries again by itself.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fetchFile } from '../../api/client.ts';
import { reportPdfUrl } from '../../api/reports.ts';
import { CopyLink } from './CopyLink.tsx';
import { DownloadIcon } from './report-icons.tsx';

/** Tries a busy server this many times, Retry-After apart, before saying the PDF could not be downloaded. */
const TRIES = 6;

type Download = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'waiting'; seconds: number } | { kind: 'failed' };

function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

function usePdfDownload(url: string, name: string) {
  const [state, setState] = useState<Download>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const download = async (tries: number) => {
    setState({ kind: 'preparing' });
    try {
      saveFile(await fetchFile(url), name);
      setState({ kind: 'idle' });
    } catch (error) {
      const busy = error instanceof ApiError && (error.status === 503 || error.status === 429);
      if (!busy || tries <= 1) return setState({ kind: 'failed' });
      const seconds = error.retryAfter ?? 5;
      setState({ kind: 'waiting', seconds });
      timer.current = setTimeout(() => void download(tries - 1), seconds * 1000);
    }
  };
  return { state, start: () => void download(TRIES) };
}

export function ReportActions({ id }: { id: string }) {
  const { t, i18n } = useTranslation('report');
  const name = `accident-report-${id}.pdf`;
  const { state, start } = usePdfDownload(reportPdfUrl(id, i18n.language), name);
  const working = state.kind === 'preparing' || state.kind === 'waiting';
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    if (!working) start();
  };
  return (
    <div className="report-actions">
      <a className="btn btn-primary" href={reportPdfUrl(id, i18n.language)} download={name} onClick={onClick} aria-disabled={working || undefined}>
        <DownloadIcon />
        {working ? t('screen.actions.pdfPreparing') : t('screen.actions.pdf')}
      </a>
      <CopyLink id={id} />
      <p className="report-actions__status" role="status">
        {state.kind === 'waiting' && t('screen.actions.pdfBusy', { seconds: state.seconds })}
      </p>
      {state.kind === 'failed' && (
        <p className="report-actions__status report-actions__status--error" role="alert">
          {t('screen.actions.pdfFailed')}
        </p>
      )}
    </div>
  );
}
