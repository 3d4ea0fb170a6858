// A list of links to every funnel (but those named elsewhere on the page), titled by each funnel's own copy.
import { useTranslation } from 'react-i18next';
import { flows } from '../flows.ts';
import { LangLink } from './LangLink.tsx';

export function FunnelLinks({ onNavigate, exclude = [] }: { onNavigate?: () => void; exclude?: string[] }) {
  const { t } = useTranslation(flows.map((flow) => flow.namespace));
  return (
    <ul className="link-list">
      {flows
        .filter((flow) => !flow.routes.some((route) => exclude.includes(route)))
        .map((flow) => (
          <li key={flow.id}>
            <LangLink to={flow.routes[0] ?? '/'} onClick={onNavigate}>
              {t(`${flow.namespace}:meta.title`)}
            </LangLink>
          </li>
        ))}
    </ul>
  );
}
