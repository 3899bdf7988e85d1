import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subcategory } from '@shared/schemas/catalogue';
import { CATEGORY_IDS } from '@shared/constants';
import { categoriesQuery, subcategoriesQuery } from '@web/features/catalogue/api';

export const HEADER_CATEGORY_IDS: number[] = [
  CATEGORY_IDS.bouquets,
  CATEGORY_IDS.singleStems,
  CATEGORY_IDS.driedFlowers,
  CATEGORY_IDS.plants,
];

export type HeaderCategory = { id: number; name: string; subcategories: Subcategory[] };

/**
 * The header's four category menus: names from the server (in the chosen language), with the
 * translated default names until it answers or if it cannot; active subcategories only.
 */
export function useHeaderCategories(): HeaderCategory[] {
  const { t } = useTranslation('common');
  const categories = useQuery(categoriesQuery());
  const subcategories = useQuery(subcategoriesQuery());
  return HEADER_CATEGORY_IDS.map((id) => ({
    id,
    name: categories.data?.find((c) => c.id === id)?.name ?? t(`categories.${id}`),
    subcategories: (subcategories.data ?? []).filter((s) => s.category_id === id && s.is_active),
  }));
}
