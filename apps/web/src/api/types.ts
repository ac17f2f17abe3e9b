/** Shapes of the answers the web app reads (API.md). Keys are snake_case as on the wire. */
import type { User } from '@school-portal/domain';
import type { paths } from './schema';

/** A sign-in's outcome: the new token, and the user it signs in (null while the user could not be read). */
export interface SignInResult {
  token: string;
  user: User | null;
}

export type { paths } from './schema';

/**
 * The JSON body an API route answers with, from the API's own response schemas (schema.d.ts is
 * generated from /api/openapi.json by `npm run generate:api-types`; never edit it by hand).
 * `ApiResponse<'/api/projects/{id}', 'get'>['project']` is a project as GET /api/projects/:id answers it.
 */
export type ApiResponse<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never;

/** One element of an array type. */
export type ElementOf<T> = T extends readonly (infer E)[] ? E : never;

/** GET /api/config: the app's public configuration. */
export type AppConfig = ApiResponse<'/api/config', 'get'>['config'];
export type Environment = AppConfig['environment'];

/** POST /oauth/token. */
export type TokenResponse = ApiResponse<'/oauth/token', 'post'>;

/** The paging facts of every list answer. */
export type ListMeta = ProjectsResponse['meta'];

/** GET /api/organizations/:id/projects. */
export type ProjectsResponse = ApiResponse<'/api/organizations/{id}/projects', 'get'>;
export type ProjectSummary = ElementOf<ProjectsResponse['projects']>;
export type Project = ProjectSummary;

/** GET /api/password-resets/:token. */
export type PasswordResetInfo = ApiResponse<'/api/password-resets/{token}', 'get'>['password_reset'];

/** A message of the development mailbox (GET /api/dev/mailbox). */
export type MailboxMessage = ElementOf<ApiResponse<'/api/dev/mailbox', 'get'>['messages']>;
