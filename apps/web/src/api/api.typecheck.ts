/**
 * Type tests of the typed client, run by `tsc -p apps/web` (never called, never bundled: nothing imports
 * this file). Each `@ts-expect-error` fails the typecheck as soon as the client stops refusing that call.
 */
import { api } from './api';
import { getRecord, sendRecord } from './records';
import type { ApiResponse } from './types';

export function typedClientChecks(signal: AbortSignal) {
  // The answer is the operation's own success body.
  const project: Promise<ApiResponse<'/api/projects/{id}', 'get'>> = api.get('/api/projects/{id}', {
    path: { id: 'p' },
    signal,
  });
  // Query texts "true"/"false" may be booleans; unknown values and keys are refused.
  void api.get('/api/organizations/{id}/projects', {
    path: { id: 'o' },
    query: { traverse_sub_organizations: true, sort: '-created_at' },
  });
  // @ts-expect-error a path the API does not declare
  void api.get('/api/projects/{id}/nothing', { path: { id: 'p' } });
  // @ts-expect-error a method the path does not declare
  void api.put('/api/config');
  // @ts-expect-error the path parameter is required
  void api.get('/api/projects/{id}');
  // @ts-expect-error a path parameter of another name
  void api.get('/api/projects/{id}', { path: { project_id: 'p' } });
  // @ts-expect-error a query key the operation does not take
  void api.get('/api/organizations/{id}/projects', { path: { id: 'o' }, query: { nonsense: 1 } });
  // @ts-expect-error a sort the operation does not offer
  void api.get('/api/organizations/{id}/projects', { path: { id: 'o' }, query: { sort: 'colour' } });
  // @ts-expect-error the body is required
  void api.post('/api/projects/{id}/subject-selection', { path: { id: 'p' } });
  // @ts-expect-error a body field of the wrong type
  void api.delete('/api/projects/{id}', { path: { id: 'p' }, body: { confirm_name: 1 } });
  // @ts-expect-error the answer has no such field
  void api.get('/api/config').then((body) => body.nothing);
  // The record helpers answer the record the API wraps, typed by the same schema.
  const season: Promise<ApiResponse<'/api/seasons/{id}', 'get'>['season']> = sendRecord(
    'post',
    '/api/organizations/{id}/seasons',
    'o',
    { season: { name: 'Fall', current: true } },
  );
  void season;
  // @ts-expect-error the body wraps no record of that name
  void sendRecord('post', '/api/organizations/{id}/seasons', 'o', { nothing: {} });
  // @ts-expect-error a record field of the wrong type
  void sendRecord('post', '/api/layout-renders', null, { layout_render: { layout_id: 1 } });
  // @ts-expect-error the answer wraps no record of that name
  void getRecord('/api/projects/{id}', 'p', 'nothing');
  return project;
}
