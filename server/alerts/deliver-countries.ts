// Which phones alert texts may go to: those of the countries in ALERT_COUNTRIES (the US by default). Texts to premium
// numbers abroad are how SMS pumping fraud makes money, and +1 alone is not the US (the Caribbean shares it).
import { parsePhone } from '../../engine/validators.ts';

/** Whether phone (E.164) is a number of one of countries (ISO 3166 codes, as config.alertCountries holds them). */
export function alertCountryAllowed(phone: string, countries: readonly string[]): boolean {
  const country = parsePhone(phone)?.country;
  return country !== undefined && countries.includes(country);
}
