// Desktop help before a choice is made: what a VIN is, what a Case ID is, and that a map works too (§2.7).
import { useCopy } from '../shared/use-copy.ts';
import { CarIcon, PinIcon, ReportIcon } from './locate-icons.tsx';
import './choices.css';

const TILES = [
  { key: 'vin', Icon: CarIcon },
  { key: 'case', Icon: ReportIcon },
  { key: 'map', Icon: PinIcon },
] as const;

export function InfoTiles() {
  const { t } = useCopy('locate');
  return (
    <ul className="locate-tiles">
      {TILES.map(({ key, Icon }) => (
        <li key={key} className="locate-tile card">
          <span className="locate-tile__icon">
            <Icon />
          </span>
          <h2 className="locate-tile__title">{t(`locate:tiles.${key}Title`)}</h2>
          <p className="locate-tile__text">{t(`locate:tiles.${key}Text`)}</p>
        </li>
      ))}
    </ul>
  );
}
