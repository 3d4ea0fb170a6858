// One vehicle of a report: make, model, year and damage area for anyone; for the people involved, its VIN, towing,
// insurance, fault, occupants and driver's name too, and for the visitor's own vehicle the seatbelt, the airbags and the
// rest of what the report says of its driver (another party's is cut to what a claim needs).
import { useTranslation } from 'react-i18next';
import type { ReportVehicle } from '../../api/reports.ts';
import { makeLabel } from '../../../engine/vehicle-make.ts';
import { vehicleText } from '../search/format.ts';
import { FactList, type Fact } from './FactList.tsx';
import { driverName, placeLine } from './format.ts';
import { valuesOf } from './values.ts';

/** yours: the visitor's own vehicle (the one their proof named, or the one of the VIN they gave). */
export function VehicleCard({ vehicle, yours = false }: { vehicle: ReportVehicle; yours?: boolean }) {
  const { t } = useTranslation('report');
  const v = valuesOf(t);
  // A vehicle of an involved visitor's report comes with its personal fields.
  const involved = 'vin' in vehicle;
  const driver = involved ? vehicle.driver : null;
  const headingId = `report-unit-${vehicle.unit}`;
  const summary = vehicleText(vehicle, t);
  const facts: Fact[] = [
    { field: 'make', value: makeLabel(vehicle.make, t) },
    { field: 'model', value: vehicle.model },
    { field: 'year', value: v.count(vehicle.year) },
    { field: 'damageArea', value: v.coded('damageArea', vehicle.damageArea, vehicle.damageAreaText) },
  ];
  if (involved) {
    facts.push(
      { field: 'vin', value: vehicle.vin ? <span className="report-code">{vehicle.vin}</span> : null },
      { field: 'towedBy', value: vehicle.towedBy },
      { field: 'insured', value: v.yesNo(vehicle.insured) },
      { field: 'atFault', value: v.yesNo(vehicle.atFault) },
      { field: 'occupants', value: v.count(vehicle.occupants) },
    );
    if (yours)
      facts.push(
        { field: 'seatbelt', value: v.named('seatbelt', vehicle.seatbelt, vehicle.seatbeltText) },
        { field: 'airbags', value: v.named('airbags', vehicle.airbags, vehicle.airbagsText) },
      );
  }
  const driverFacts: Fact[] = [{ field: 'driverName', value: driver ? driverName(driver) : null }];
  if (yours) {
    driverFacts.push(
      { field: 'age', value: v.count(driver?.age) },
      { field: 'gender', value: v.coded('gender', driver?.gender, driver?.genderText) },
      { field: 'ethnicity', value: v.coded('ethnicity', driver?.ethnicity, driver?.ethnicityText) },
      { field: 'residence', value: driver?.residence ? placeLine(driver.residence) : null },
      { field: 'licenceType', value: driver?.licenceType },
      { field: 'licenceState', value: driver?.licenceState },
    );
  }
  return (
    <article className={yours ? 'vehicle vehicle--yours card' : 'vehicle card'} aria-labelledby={headingId}>
      <h3 id={headingId} className="vehicle__title">
        {t('fields.unit', { unit: vehicle.unit })}
        {yours && <span className="vehicle__yours">{t('screen.yourVehicle')}</span>} <span className="vehicle__summary">{summary}</span>
      </h3>
      {involved && !yours && <p className="vehicle__other">{t('screen.proof.otherParty')}</p>}
      <FactList facts={facts} />
      {involved && (
        <>
          <h4 className="report-subheading">{t('fields.driver')}</h4>
          <FactList facts={driverFacts} />
        </>
      )}
    </article>
  );
}
