import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { type Action, APP_VERSION, isAction, policyOf } from '@school-portal/domain';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI description served at /api/openapi.json (and the web's generated types), built from the
 * routes' zod schemas and made complete here, for every route at once, so that it passes Redocly's
 * recommended rules (apps/api/test/openapi-lint.test.ts):
 *
 * - each operation has an `operationId`: the camel-cased action it declares (`season.show` ->
 *   `seasonShow`) when no other route declares that action, else its method and path
 *   (`GET /api/photos/{id}/thumb` -> `getApiPhotosByIdThumb`, since `GET /api/photos/{id}` is also
 *   `photo.show`); public routes always the latter;
 * - each operation lists the errors of API.md's table it can answer (400 always; 401 and 403 unless
 *   public; 404 with a record in its path; 422 with a body), unless it declares that status itself;
 * - public operations need no token (`security: []`);
 * - a union declared nullable says so on each of its branches (OpenAPI 3.0 ignores `nullable` beside
 *   `anyOf` without a `type`, so a generated client would not accept null);
 * - a redirect answers no body but a `Location` header;
 * - `servers` is the server the description is read from, and `info` has a license.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** `season.show` -> `seasonShow`, `project_export.create` -> `projectExportCreate`. */
const camelCase = (words: string[]) =>
  words
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');

/** `GET /api/photos/{id}/thumb` -> `getApiPhotosByIdThumb`: unique, since two routes never share both. */
export function operationIdOfPath(method: string, path: string): string {
  const words = path
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ['by', ...parameter[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return camelCase([method, ...words]);
}

const operationIdOfAction = (action: Action) => camelCase(action.split(/[^A-Za-z0-9]+/));

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: a union made nullable (zod writes
 * `{ nullable: true, anyOf: [...] }`) says it on each branch instead, and a `nullable` with no type
 * and no branches (any value, null included) is dropped. Changes the schema in place, at every depth.
 */
export function fixNullable(node: Json): void {
  if (Array.isArray(node)) {
    for (const child of node) fixNullable(child);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const branches = node.anyOf ?? node.oneOf;
    delete node.nullable;
    if (Array.isArray(branches)) {
      for (const branch of branches) {
        if (!isObject(branch) || branch.$ref !== undefined) continue;
        branch.nullable = true;
        if (Array.isArray(branch.enum) && !branch.enum.includes(null)) branch.enum.push(null);
      }
    }
  }
  for (const child of Object.values(node)) fixNullable(child);
}

/** A redirect (3xx) answers no body: its schema says so, and names the `Location` it sends. */
function describeRedirects(response: unknown) {
  if (!isObject(response)) return response;
  const out: JsonObject = { ...response };
  for (const [status, schema] of Object.entries(response)) {
    if (!/^3\d\d$/.test(status)) continue;
    const description =
      isObject(schema) && typeof schema.description === 'string' ? schema.description : null;
    out[status] = {
      type: 'null',
      description: description ?? 'Redirect (Location)',
      headers: { Location: { type: 'string', description: 'Where the answer is' } },
    };
  }
  return out;
}

/** The action a route declares, if it is one of the policy table's. */
function actionOfRoute(config: unknown): Action | null {
  const action = isObject(config) ? config.action : undefined;
  return typeof action === 'string' && isAction(action) ? action : null;
}

const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const action = actionOfRoute(input.route.config);
  const isPublic = action === null || policyOf(action).auth === 'public';
  const out = { ...schema } as Record<string, unknown>;
  fixNullable(out as Json);
  out.response = describeRedirects(out.response);
  // A candidate: transformObject keeps it when no other operation has it.
  if (!out.operationId && action && !isPublic) out.operationId = operationIdOfAction(action);
  if (isPublic) out.security = [];
  return { schema: out, url };
};

const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    description: "API.md's error shape: a code, with a message (400) or a reason (403)",
    properties: {
      error: { type: 'string', example: 'not_found' },
      message: { type: 'string' },
      reason: { type: 'string', example: 'not_licensed' },
    },
    required: ['error'],
  },
  FieldErrors: {
    type: 'object',
    description: 'Messages by field (`base` for the record as a whole)',
    properties: {
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        example: { name: ["can't be blank"] },
      },
    },
    required: ['errors'],
  },
} satisfies Record<string, JsonObject>;

const errorResponse = (description: string, schema: keyof typeof ERROR_SCHEMAS) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

/** API.md's error table, as the responses every operation refers to. */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse('Malformed JSON, a wrong query or path parameter (`bad_request`)', 'Error'),
  Unauthorized: errorResponse('No token, or an expired or revoked one (`unauthorized`)', 'Error'),
  Forbidden: errorResponse('Signed in but not allowed (`forbidden`, with its `reason`)', 'Error'),
  NotFound: errorResponse('No such record, or one the caller may not see (`not_found`)', 'Error'),
  UnprocessableEntity: errorResponse('The body breaks the rules: messages by field', 'FieldErrors'),
} satisfies Record<string, JsonObject>;

/** The errors of API.md's table an operation can answer, by status. */
function errorsOf(path: string, operation: JsonObject) {
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const errors: Record<string, keyof typeof ERROR_RESPONSES> = { '400': 'BadRequest' };
  if (!isPublic) Object.assign(errors, { '401': 'Unauthorized', '403': 'Forbidden' });
  if (path.includes('{')) errors['404'] = 'NotFound';
  if (operation.requestBody) errors['422'] = 'UnprocessableEntity';
  return errors;
}

/** The description made whole: operation ids unique, every operation's errors, shared components. */
export function completeDocument(document: JsonObject): JsonObject {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? HTTP_METHODS.flatMap((method) => {
          const operation = item[method];
          return isObject(operation) ? [{ path, item, method, operation }] : [];
        })
      : [],
  );
  const candidates = new Map<string, number>();
  for (const { operation } of operations) {
    const id = operation.operationId;
    if (typeof id === 'string') candidates.set(id, (candidates.get(id) ?? 0) + 1);
  }
  for (const { path, item, method, operation } of operations) {
    const candidate = typeof operation.operationId === 'string' ? operation.operationId : null;
    // An action several routes share names none of them: each is named by its method and path.
    const id = candidate && candidates.get(candidate) === 1 ? candidate : operationIdOfPath(method, path);
    const responses = isObject(operation.responses) ? operation.responses : {};
    const errors: JsonObject = {};
    for (const [status, name] of Object.entries(errorsOf(path, operation))) {
      if (!(status in responses)) errors[status] = { $ref: `#/components/responses/${name}` };
    }
    item[method] = { ...operation, operationId: id, responses: { ...responses, ...errors } };
  }
  const components = isObject(document.components) ? document.components : {};
  return {
    ...document,
    components: {
      ...components,
      schemas: { ...(isObject(components.schemas) ? components.schemas : {}), ...ERROR_SCHEMAS },
      responses: { ...(isObject(components.responses) ? components.responses : {}), ...ERROR_RESPONSES },
    },
  };
}

/** The options of @fastify/swagger for this app. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'School Portal API',
        version: APP_VERSION,
        description: 'Wire conventions and the error table: API.md. Sign in with `POST /oauth/token`.',
        license: { name: 'Proprietary' },
      },
      // Relative: the server this description is read from, whatever its PUBLIC_URL.
      servers: [{ url: '/', description: 'The server serving this description' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    // Paths are documented as routed: PUBLIC_URL's own path is not taken off them.
    stripBasePath: false,
    transform,
    transformObject: (document) =>
      completeDocument(('openapiObject' in document ? document.openapiObject : {}) as JsonObject),
  };
}
