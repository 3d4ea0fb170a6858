// A report as GET /api/reports/:id answers it to anyone (its public facts), for the client's tests with a fake API.

export const REPORT_ID = 'AbCdEfGhIjKlMnOpQrStUv';

export const publicReport = {
  id: REPORT_ID,
  demo: false,
  occurredAt: '2026-03-14T17:30:00-05:00',
  state: 'TX',
  county: 'Travis',
  city: 'Austin',
  zip: '78701',
  location: { lat: 30.267, lng: -97.743 },
  policeDepartment: 'Austin Police Department',
  weather: 'rain',
  roadCondition: 'wet',
  light: 'daylight',
  speedLimit: 35,
  injuredCount: 1,
  fatalCount: 0,
  vehicleCount: 2,
  occupantCount: 3,
  vehicles: [
    { unit: 1, make: 'HONDA', model: 'Accord', year: 2003, damageArea: 'front' },
    { unit: 2, make: 'FORD', model: 'F-150', year: 2013, damageArea: 'left' },
  ],
  involved: false,
};
