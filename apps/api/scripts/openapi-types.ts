import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** Where the web app's generated types live (checked in; `npm run generate:api-types` writes it). */
export const API_TYPES_FILE = new URL('../../web/src/api/schema.d.ts', import.meta.url);

const HEADER = `/**
 * The API's request and response types, generated from /api/openapi.json by openapi-typescript.
 * Do not edit: run \`npm run generate:api-types\` (apps/api/test/openapi-types.test.ts checks it is current).
 */

`;

/** The TypeScript text of an OpenAPI description: what schema.d.ts must hold. */
export async function renderApiTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3);
  return HEADER + astToString(ast);
}
