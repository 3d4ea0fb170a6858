// One vehicle of a report: make, model, year and damage area for anyone; VIN, towing, insurance, fault, occupants,
// seatbelt, airbags and the driver only for the people involved.
import { useTranslation } from 'react-i18next';
import type { ReportVehicle } from '../../api/reports.ts';
import { FactList, type Fact } from './FactList.tsx';
import { driverName, placeLine } from './format.ts';
import { valuesOf } from './values.ts';

/** yours: the vehicle whose VIN the visitor gave. */
export function VehicleCard({ vehicle, involved, yours = false }: { vehicle: ReportVehicle; involved: boolean; yours?: boolean }) {
  const { t } = useTranslation('report');
  const v = valuesOf(t);
  const headingId = `report-unit-${vehicle.unit}`;
  const summary = [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
  const facts: Fact[] = [
    { field: 'make', value: vehicle.make },
    { field: 'model', value: vehicle.model },
    { field: 'year', value: v.count(vehicle.year) },
    { field: 'damageArea', value: v.coded('damageArea', vehicle.damageArea) },
  ];
  if (involved) {
    facts.push(
      { field: 'vin', value: vehicle.vin ? <span className="report-code">{vehicle.vin}</span> : null },
      { field: 'towedBy', value: vehicle.towedBy },
      { field: 'insured', value: v.yesNo(vehicle.insured) },
      { field: 'atFault', value: v.yesNo(vehicle.atFault) },
      { field: 'occupants', value: v.count(vehicle.occupants) },
      { field: 'seatbelt', value: v.named('seatbelt', vehicle.seatbelt) },
      { field: 'airbags', value: v.named('airbags', vehicle.airbags) },
    );
  }
  const driver = vehicle.driver;
  return (
    <article className={yours ? 'vehicle vehicle--yours card' : 'vehicle card'} aria-labelledby={headingId}>
      <h3 id={headingId} className="vehicle__title">
        {t('fields.unit', { unit: vehicle.unit })}
        {yours && <span className="vehicle__yours">{t('screen.yourVehicle')}</span>}{' '}
        <span className="vehicle__summary">{summary}</span>
      </h3>
      <FactList facts={facts} />
      {involved && (
        <>
          <h4 className="report-subheading">{t('fields.driver')}</h4>
          <FactList
            facts={[
              { field: 'driverName', value: driver ? driverName(driver) : null },
              { field: 'age', value: v.count(driver?.age) },
              { field: 'gender', value: v.coded('gender', driver?.gender) },
              { field: 'ethnicity', value: v.coded('ethnicity', driver?.ethnicity) },
              { field: 'residence', value: driver?.residence ? placeLine(driver.residence) : null },
              { field: 'licenceType', value: driver?.licenceType },
              { field: 'licenceState', value: driver?.licenceState },
            ]}
          />
        </>
      )}
    </article>
  );
}
