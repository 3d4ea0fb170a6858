// Step intro: a short lead paragraph and a list of selling points with check icons.
import type { WidgetProps } from '../types.ts';
import { CheckIcon } from '../shared/icons.tsx';
import { useCopy } from '../shared/use-copy.ts';
import './intro.css';

export interface IntroProps {
  text: string;
  points?: string[];
}

export function Intro({ props, ns }: WidgetProps<IntroProps>) {
  const { t } = useCopy(ns);
  const points = props.points ?? [];
  return (
    <div className="widget intro">
      <p className="intro__lead">{t(props.text)}</p>
      {points.length > 0 && (
        <ul className="intro__points">
          {points.map((key) => (
            <li key={key} className="intro__point">
              <span className="intro__icon">
                <CheckIcon />
              </span>
              {t(key)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
