// A list of links to every funnel, titled by each funnel's own copy.
import { useTranslation } from 'react-i18next';
import { flows } from '../flows.ts';
import { LangLink } from './LangLink.tsx';

export function FunnelLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(flows.map((flow) => flow.namespace));
  return (
    <ul className="link-list">
      {flows.map((flow) => (
        <li key={flow.id}>
          <LangLink to={flow.routes[0] ?? '/'} onClick={onNavigate}>
            {t(`${flow.namespace}:meta.title`)}
          </LangLink>
        </li>
      ))}
    </ul>
  );
}
