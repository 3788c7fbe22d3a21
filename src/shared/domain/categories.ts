/** Event categories; the same ids name the services (/servicio/{id}) and filter /eventos/{id}. */
export const CATEGORY_IDS = [
  'match-making',
  'speed-dating',
  'networking',
  'encuentra-tribu',
  'elite-experience',
  'blind-date',
  'party',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORY_TITLES: Record<CategoryId, string> = {
  'match-making': 'Match Making',
  'speed-dating': 'Speed Dating',
  networking: 'Networking',
  'encuentra-tribu': 'Encuentra tu tribu',
  'elite-experience': 'Elite Experience',
  'blind-date': 'Blind Date',
  party: 'Singles Party',
};

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

/** The specification's wire format: every code followed by a comma ("speed-dating,party,"). */
export function formatCategoryList(categories: readonly string[]): string {
  return categories.map((category) => `${category},`).join('');
}

export function parseCategoryList(list: string): CategoryId[] {
  return [...new Set(list.split(',').map((part) => part.trim()))].filter(isCategoryId);
}
