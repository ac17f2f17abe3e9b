import type { OrganizationRole } from './constants.js';

/** lab is lab_role or vertically_integrated_role (spec §6). */
export const isLab = (role: OrganizationRole | null | undefined) =>
  role === 'lab_role' || role === 'vertically_integrated_role';
/** studio is studio_role or vertically_integrated_role (spec §6). */
export const isStudio = (role: OrganizationRole | null | undefined) =>
  role === 'studio_role' || role === 'vertically_integrated_role';
export const isStudioOrLab = (role: OrganizationRole | null | undefined) => isLab(role) || isStudio(role);
export const isCustomer = (role: OrganizationRole | null | undefined) => role === 'customer_role';

/**
 * The role a new child organization gets under a parent (spec §2, §6): a studio adds customers, a lab
 * adds studios. Null when the parent may not add children. A vertically integrated organization is a
 * studio first: its children are its schools.
 */
export function childRoleFor(parentRole: OrganizationRole | null | undefined): OrganizationRole | null {
  if (isStudio(parentRole)) return 'customer_role';
  if (isLab(parentRole)) return 'studio_role';
  return null;
}
