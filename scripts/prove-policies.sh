#!/usr/bin/env bash
# Proves that the authorization tests bite: for each policy line below, remove it (make the action open to
# every caller who sees the record), run the API tests that guard it, and expect them to FAIL. Run it in a
# scratch checkout (git worktree), never with uncommitted work: it edits policies.ts and restores it.
#   bash scripts/prove-policies.sh
set -uo pipefail
cd "$(dirname "$0")/.."
file=packages/domain/src/policies.ts
tests="apps/api/test/authorization-matrix.test.ts apps/api/test/users.test.ts"
declare -A mutations=(
  ['creating a project']="s|'project.create': when((a) => a.canCreateProjects),|'project.create': inView,|"
  ['creating an organization']="s|(a, o) => a.canCreateOrganizations \&\& childRoleFor(o.role) !== null,|() => true,|"
  ['creating a user for another app']="s|(t.plic_app_id === APP_SLUG \|\| a.canEnableForAllApps) \&\&||"
  ['editing a template']="s|check: (a, t) => a.canEditProjectTemplate(t),|check: () => true,|"
  ['deleting a template']="s|check: (a, t) => a.canDeleteProjectTemplate(t) \&\& t.project_id === null,|check: () => true,|"
  ['listing organizations']="s|'organization.list-children': when((a) => a.canListOrganizations),|'organization.list-children': inView,|"
  ['deleting a subject']="s|'subject.delete': when((a) => a.canDeleteSubjects),|'subject.delete': inView,|"
  ['deleting a project export']="s|check: (a, e) => a.canDeleteProjectExport(e),|check: () => true,|"
  ['reading the activity trail']="s|(a, o) => a.isManager \|\| (o.placement === 'own' \&\& isCustomer(o.role))|() => true|"
  ['deleting a project']="s|'project.delete': when((a) => a.isManager),|'project.delete': inView,|"
  ['deleting a user']="s|^      a.isManager \&\&$|      true \&\&|"
)
status=0
mkdir -p var
for name in "${!mutations[@]}"; do
  cp "$file" "$file.orig"
  sed -i "${mutations[$name]}" "$file"
  if cmp -s "$file" "$file.orig"; then
    echo "NOT APPLIED  $name (the policy line changed: update this script)"; status=1
  elif npx vitest run --project api $tests --reporter=json --outputFile.json=var/prove.json >/dev/null 2>&1 &&
    node -e 'process.exit(JSON.parse(require("fs").readFileSync("var/prove.json","utf8")).numFailedTests > 0 ? 1 : 0)'; then
    echo "STILL GREEN  $name: no test guards it"; status=1
  else
    echo "tests fail   $name: guarded"
  fi
  mv "$file.orig" "$file"
done
exit $status
