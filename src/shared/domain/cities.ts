/** Cities where events happen (docs/design/11-night-out.md): the code is stored, the label is shown. */
export const CITIES = [
  { code: 'cdmx', label: 'Ciudad de México' },
  { code: 'guadalajara', label: 'Guadalajara' },
  { code: 'monterrey', label: 'Monterrey' },
  { code: 'queretaro', label: 'Querétaro' },
  { code: 'puebla', label: 'Puebla' },
  { code: 'merida', label: 'Mérida' },
  { code: 'tijuana', label: 'Tijuana' },
  { code: 'leon', label: 'León' },
] as const;

export type CityCode = (typeof CITIES)[number]['code'];

export const CITY_CODES = CITIES.map((city) => city.code) as [CityCode, ...CityCode[]];

/** Events stored before cities existed, and events created without one, are in Mexico City. */
export const DEFAULT_CITY: CityCode = 'cdmx';

export function cityLabel(code: string): string {
  return CITIES.find((city) => city.code === code)?.label ?? '';
}
