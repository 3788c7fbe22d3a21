export const GENDERS = [
  { id: 1, label: 'Mujer' },
  { id: 2, label: 'Hombre' },
  { id: 3, label: 'LGBTQ+' },
] as const;

export type GenderId = (typeof GENDERS)[number]['id'];

export const DEFAULT_GENDER: GenderId = 1;

export function genderLabel(id: number): string {
  return GENDERS.find((gender) => gender.id === id)?.label ?? '';
}
