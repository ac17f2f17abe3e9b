/** The breadcrumb of an account on switch-accounts: parent organization, then organization (spec §2). */
export function accountBreadcrumb(organization: {
  name: string | null;
  parent_organization_name: string | null;
}): string[] {
  const name = organization.name?.trim() ? organization.name : 'Missing Name';
  return organization.parent_organization_name ? [organization.parent_organization_name, name] : [name];
}
