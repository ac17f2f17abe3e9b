import type { TestApp } from '../../../api/test/support/app.js';
import { type ApiCall, organizationIdByName } from './server.js';

/** A template field: a catalogue key, or a custom field (no key) with its label. */
export type TemplateField = string | { field_key: null; label: string; visible_to_customers?: boolean };

export interface SchoolProject {
  id: string;
  /** The project's own fields' ids, by catalogue key (a custom field by its label). */
  fieldIds: Record<string, string>;
  /** Adds a subject with values by field key (or custom label) and answers its id. */
  addSubject(values: Record<string, string>): Promise<string>;
  /** Adds the subjects one after the other and answers their ids, in the same order. */
  addSubjects(rows: readonly Record<string, string>[]): Promise<string[]>;
}

/** Three grade-3 students, Ada Lane, Ben Moss and Cy North, their student ids counting up from `firstId`. */
const threeStudents = (firstId: number) =>
  [
    ['Ada', 'Lane'],
    ['Ben', 'Moss'],
    ['Cy', 'North'],
  ].map(([first_name, last_name], i) => ({
    first_name: first_name!,
    last_name: last_name!,
    student_id: String(firstId + i),
    grade: '3',
  }));

/**
 * A project of a demo school, set up through the API as the studio manager sets one up on the screens:
 * a studio template of `fields`, then the project from it (which takes its own copy of the fields).
 * `project` adds to or overrides the project's attributes (no season and not for all apps by default).
 */
export async function schoolProject(
  app: TestApp,
  api: ApiCall,
  options: {
    name: string;
    template: string;
    fields: readonly TemplateField[];
    organization?: string;
    project?: Record<string, unknown>;
  },
): Promise<SchoolProject> {
  const { project_template: template } = await api<{ project_template: { id: string } }>(
    '/api/project-templates',
    'POST',
    {
      project_template: {
        name: options.template,
        organization_id: await organizationIdByName(app, 'Demo Studio'),
        subject_fields_attributes: options.fields.map((field) =>
          typeof field === 'string' ? { field_key: field } : field,
        ),
      },
    },
  );
  const { project } = await api<{ project: { id: string; project_template_id: string } }>(
    '/api/projects',
    'POST',
    {
      project: {
        name: options.name,
        organization_id: await organizationIdByName(app, options.organization ?? 'Maple Grove Elementary'),
        season_id: null,
        enable_for_all_apps: false,
        ...options.project,
      },
      project_template_id: template.id,
    },
  );
  const { project_template: copy } = await api<{
    project_template: { subject_fields: { id: string; field_key: string | null; label: string | null }[] };
  }>(`/api/project-templates/${project.project_template_id}`);
  const fieldIds = Object.fromEntries(copy.subject_fields.map((f) => [f.field_key ?? f.label ?? '', f.id]));
  const addSubject = async (values: Record<string, string>) => {
    const properties = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [fieldIds[key]!, value]),
    );
    const { subject } = await api<{ subject: { id: string } }>(
      `/api/projects/${project.id}/subjects`,
      'POST',
      {
        subject: { properties },
      },
    );
    return subject.id;
  };
  return {
    id: project.id,
    fieldIds,
    addSubject,
    async addSubjects(rows) {
      const ids: string[] = [];
      for (const row of rows) ids.push(await addSubject(row));
      return ids;
    },
  };
}

/**
 * A demo school's project of First Name, Last Name, Student ID and Grade holding three grade-3 students,
 * Ada Lane, Ben Moss and Cy North, their student ids counting up from `firstId`; answers the project's id
 * and the students' ids, in that order.
 */
export async function threeStudentProject(
  app: TestApp,
  api: ApiCall,
  name: string,
  firstId: number,
): Promise<{ id: string; studentIds: string[] }> {
  const project = await schoolProject(app, api, {
    name,
    template: `${name} template`,
    fields: ['first_name', 'last_name', 'student_id', 'grade'],
  });
  return { id: project.id, studentIds: await project.addSubjects(threeStudents(firstId)) };
}

/** Attributes of a project written straight to the database (no template; no season unless given). */
type ProjectRow = { name: string } & Partial<{
  short_code: string | null;
  created_at: Date;
  season_id: string | null;
  enable_plic_app_whitelist: boolean;
  plic_app_whitelist_slugs: string[];
}>;

/**
 * Projects of a demo organization written straight to the database, for states the screens cannot make
 * (no template, another app only) or numbers they would take long to (a thousand); answers their ids.
 */
export async function insertProjects(
  app: TestApp,
  organization: string,
  rows: ProjectRow[],
): Promise<string[]> {
  const organizationId = await organizationIdByName(app, organization);
  const inserted = await app.ctx.db
    .insertInto('projects')
    .values(rows.map((row) => ({ season_id: null, ...row, organization_id: organizationId })))
    .returning('id')
    .execute();
  return inserted.map((r) => String(r.id));
}
