// The report's PDF (in the visitor's language; the proof cookie opens its personal data) and a link to share (never with
// a proof, §8 copy link).
import { useTranslation } from 'react-i18next';
import { reportPdfUrl } from '../../api/reports.ts';
import { CopyLink } from './CopyLink.tsx';
import { DownloadIcon } from './report-icons.tsx';

export function ReportActions({ id }: { id: string }) {
  const { t, i18n } = useTranslation('report');
  return (
    <div className="report-actions">
      <a className="btn btn-primary" href={reportPdfUrl(id, i18n.language)} download={`accident-report-${id}.pdf`}>
        <DownloadIcon />
        {t('screen.actions.pdf')}
      </a>
      <CopyLink id={id} />
    </div>
  );
}
