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

/** A category's generated picture (src/web/public/img/categories), 1200 px wide, and its sizes. */
export function categoryPicture(category: CategoryId): { src: string; srcSet: string } {
  const src = `/img/categories/${category}.webp`;
  return { src, srcSet: `/img/categories/${category}-600.webp 600w, ${src} 1200w` };
}

/** The specification's wire format: every code followed by a comma ("speed-dating,party,"). */
export function formatCategoryList(categories: readonly string[]): string {
  return categories.map((category) => `${category},`).join('');
}

export function parseCategoryList(list: string): CategoryId[] {
  return [...new Set(list.split(',').map((part) => part.trim()))].filter(isCategoryId);
}
