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
