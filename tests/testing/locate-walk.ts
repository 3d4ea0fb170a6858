// The accident-locating step in the browser: VIN, case ID, or a pin on the map (clicked, or dropped at the centre
// with the keyboard-friendly button), as a person fills it at phone or desktop size.
import { expect } from 'vitest';
import { FieldWalk, type FunnelWalk } from './funnel-walk.ts';

export type LocateBy = 'vin' | 'case' | 'map-click' | 'map-button';

/** A VIN whose check digit matches, the one the VIN form is given unless a walk names another. */
export const WALK_VIN = '1M8GDM9AXKP042788';

/** The accident's date every form is given unless a walk names another (a search finds reports within 3 days of it). */
export const WALK_DATE = '2026-03-14';

export async function locate(w: FunnelWalk, how: LocateBy, phone: boolean, vinGiven = WALK_VIN, date = WALK_DATE) {
  const { page, t } = w;
  const fields = new FieldWalk(w);
  const next = w.button('common:nav.next');
  const choice = (key: string) => page.getByRole('radio', { name: t(key), exact: true });
  await w.shot('1.75');

  if (how === 'vin' || how === 'case') {
    await choice(how === 'vin' ? 'locate:choices.vin' : 'locate:choices.case').click();
    if (how === 'vin') {
      const vin = page.getByRole('textbox', { name: t('locate:vin.label') });
      // Typed in lower case with one character too many: kept upper case and capped at 17.
      await vin.pressSequentially(`${vinGiven.toLowerCase()}x`);
      expect(await vin.inputValue()).toBe(vinGiven);
      await page.getByRole('img', { name: t('locate:vin.valid') }).waitFor();
    } else {
      await page.getByRole('textbox', { name: t('locate:caseId.label') }).fill('TX-2026-0042');
    }
    await fields.date('locate:date', date, phone);
    await fields.city('locate:city', 'Austin', 'Austin, TX');
    await w.shot('1.75-filled');
    await next.click();
    return;
  }

  await choice('locate:choices.map').click();
  const map = page.getByRole('region', { name: t('locate:map.label') });
  if (phone) {
    // Next before a pin: the page says to touch the map.
    await next.click();
    await page
      .getByRole('alert')
      .filter({ hasText: t('errors:TOUCH_THE_MAP_TO_DROP_A_PIN') })
      .waitFor();
  }
  await map.waitFor();
  if (how === 'map-click') {
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  } else {
    await page.getByRole('button', { name: t('locate:map.dropAtCentre') }).click();
  }
  const found = t('locate:map.address').split('{{')[0] as string;
  await page.getByText(found).waitFor();
  await page.locator('.leaflet-marker-icon').waitFor();
  await w.shot('1.75-pin');
  if (phone) await next.click();
  const make = page.getByRole('combobox', { name: t('locate:make.label') });
  await make.fill('FOR');
  await page.getByRole('option', { name: 'Ford', exact: true }).click();
  const year = page.getByRole('textbox', { name: t('locate:year.label') });
  await year.fill('1899');
  await year.blur();
  await page.getByText(t('errors:PLEASE_ENTER_VALID_YEAR_OF_THE_VEHICLE')).waitFor();
  await year.fill('2019');
  await year.blur();
  await fields.date('locate:date', date, phone);
  await w.shot('1.75-vehicle');
  await next.click();
}
