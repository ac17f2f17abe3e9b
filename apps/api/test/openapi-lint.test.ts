import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * /api/openapi.json against Redocly's recommended rules (the linter of the Redocly CLI, run in-process:
 * no network, no file). Any problem fails, errors and warnings alike, except these, each with its reason.
 */
const RULES = {
  // The portal is not published under a license with a public text to link: `info.license` names it
  // (Proprietary), and this rule would want a `url` for it.
  'info-license-strict': 'off',
} as const;

/** Problems accepted at one place only (the rule stays on everywhere else), each with its reason. */
const ACCEPTED = [
  {
    ruleId: 'operation-2xx-response',
    pointer: '#/paths/~1api~1photos~1{id}~1thumb/get/responses',
    reason: 'an <img> source: it always answers 302 to the signed address of the thumbnail, never 2xx',
  },
];

const DOCUMENT_REF = '/api/openapi.json';

type Document = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
};

async function lint(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: RULES });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: DOCUMENT_REF, config });
}

const isAccepted = (problem: NormalizedProblem) =>
  ACCEPTED.some((a) => a.ruleId === problem.ruleId && a.pointer === problem.location[0]?.pointer);

/** One line per problem: severity, rule, where, what. */
const describeProblems = (problems: NormalizedProblem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);

let t: TestApp;
let served: Document;
beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  served = (await t.app.inject('/api/openapi.json')).json();
});
afterAll(() => t?.close());

describe('the OpenAPI description', () => {
  test("passes Redocly's recommended rules (errors and warnings), but the named exceptions", async () => {
    const problems = await lint(served);
    expect(describeProblems(problems.filter((p) => !isAccepted(p)))).toEqual([]);
    // An exception the description no longer needs is taken off the list.
    for (const accepted of ACCEPTED) {
      expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toContain(
        `${accepted.ruleId} ${accepted.pointer}`,
      );
    }
  });

  test('the linter catches an operation without an operationId, or without a 4xx answer', async () => {
    const broken = structuredClone(served);
    const season = broken.paths['/api/seasons/{id}']!.get!;
    expect(season.operationId).toBe('seasonShow');
    delete season.operationId;
    const subjects = broken.paths['/api/projects/{id}/subjects']!.get!;
    for (const status of Object.keys(subjects.responses)) {
      if (status.startsWith('4')) delete subjects.responses[status];
    }
    const found = describeProblems(await lint(broken));
    expect(found).toContain(
      'warn operation-operationId #/paths/~1api~1seasons~1{id}/get/operationId: Operation object should contain `operationId` field.',
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /^warn operation-4xx-response #\/paths\/~1api~1projects~1\{id\}~1subjects\/get\/responses:/,
      ),
    );
  });

  test("a nullable union accepts null on each branch, as OpenAPI 3.0 reads it (a project's season_id)", () => {
    const body = served.paths['/api/projects']!.post! as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, Schema> } } } };
    };
    type Schema = { properties?: Record<string, Schema>; anyOf?: { type?: string; nullable?: boolean }[] };
    const seasonId =
      body.requestBody.content['application/json'].schema.properties.project!.properties!.season_id!;
    expect(seasonId.anyOf?.length).toBeGreaterThan(0);
    expect(seasonId.anyOf).toEqual(seasonId.anyOf!.map((branch) => ({ ...branch, nullable: true })));
  });

  test('public operations take no token, and every error refers to the shared answers of API.md', () => {
    const token = served.paths['/oauth/token']!.post! as unknown as { security?: unknown[] };
    expect(token.security).toEqual([]);
    const season = served.paths['/api/seasons/{id}']!.get!;
    expect(season.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(season.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
  });
});
