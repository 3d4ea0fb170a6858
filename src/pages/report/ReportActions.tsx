// The report's PDF (with the visitor's proof, in their language) and a link to share (never with the proof, §8 copy link).
import { useTranslation } from 'react-i18next';
import { reportPdfUrl, type ReportProof } from '../../api/reports.ts';
import { CopyLink } from './CopyLink.tsx';
import { DownloadIcon } from './report-icons.tsx';

export function ReportActions({ id, proof }: { id: string; proof?: ReportProof }) {
  const { t, i18n } = useTranslation('report');
  return (
    <div className="report-actions">
      <a className="btn btn-primary" href={reportPdfUrl(id, i18n.language, proof)} download={`accident-report-${id}.pdf`}>
        <DownloadIcon />
        {t('screen.actions.pdf')}
      </a>
      <CopyLink id={id} />
    </div>
  );
}
