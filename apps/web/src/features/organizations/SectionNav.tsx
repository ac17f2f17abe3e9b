import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SubNav } from '../../components/SubNav';

export interface SectionNavItem {
  key: string;
  label: string;
  to: string;
}

/** The sub-navigation of an area (All Organizations, New User, ...): the one SubNav of the app. */
export function SectionNav({ label, items }: { label: string; items: SectionNavItem[] }) {
  return <SubNav label={label} items={items.map((item) => ({ ...item, end: true }))} testId="section-nav" />;
}

/**
 * The areas whose sub-navigation is All and New: their words (`section-nav`, `all`, `new`) and their
 * routes (`index`, `new`) stand under the area's name.
 */
export type ListAndNewArea = 'attachment-requests' | 'organizations' | 'users';

/** An area's All link and its New link, each unless the caller may not use it there. */
export function ListAndNewNav({
  area,
  all = true,
  offerNew = true,
}: {
  area: ListAndNewArea;
  all?: boolean;
  offerNew?: boolean;
}) {
  const { t } = useTranslation();
  const items: SectionNavItem[] = [];
  if (all) items.push({ key: 'all', label: t(`${area}.all`), to: ROUTES[`${area}.index`] });
  if (offerNew) items.push({ key: 'new', label: t(`${area}.new`), to: ROUTES[`${area}.new`] });
  return <SectionNav label={t(`${area}.section-nav`)} items={items} />;
}
