import { APP_SLUG } from '@school-portal/domain';
import { clearToken, getToken } from './token';

/** Any failed call: `status` is the HTTP status (0 when the network failed), `body` the parsed answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The body's `error` code (`invalid_grant`, `not_found`, ...), if any. */
  get code(): string | undefined {
    return bodyField(this.body, 'error');
  }

  /** The body's `reason` (`not_licensed`, ...), if any. */
  get reason(): string | undefined {
    return bodyField(this.body, 'reason');
  }

  /** 422/409 field errors: `{"errors": {"name": ["can't be blank"]}}`. */
  get fieldErrors(): Record<string, string[]> | undefined {
    if (!this.body || typeof this.body !== 'object') return undefined;
    const errors = (this.body as { errors?: unknown }).errors;
    if (!errors || typeof errors !== 'object') return undefined;
    const result: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
      else if (typeof messages === 'string') result[field] = [messages];
    }
    return result;
  }
}

function bodyField(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Handler = () => void;
const handlers: { unauthorized: Handler | null; notLicensed: Handler | null } = {
  unauthorized: null,
  notLicensed: null,
};

/**
 * What to do when any call answers 401 (the token has been cleared already) or 403 not_licensed.
 * The router registers navigation here, so the client needs no React context.
 */
export function setAuthFailureHandlers(next: { unauthorized: Handler; notLicensed: Handler }): void {
  handlers.unauthorized = next.unauthorized;
  handlers.notLicensed = next.notLicensed;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. Keys are expected in snake_case already. */
  body?: unknown;
  /** Query parameters; null and undefined are left out, booleans become the text true/false. */
  query?: Record<string, QueryValue | QueryValue[]>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Use this token instead of the stored one (while signing in, before it is stored). */
  token?: string;
  /** Run the global 401 / not-licensed handling (default true; false for sign-in and revoke). */
  handleAuthFailures?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === null || value === undefined) continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * One call to the API (same origin). Resolves with the parsed JSON body; rejects with ApiError.
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, handleAuthFailures = true, signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-App-Slug': APP_SLUG,
    ...options.headers,
  };
  const token = auth ? (options.token ?? getToken()) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, 'Network error');
  }

  const parsed = await parseBody(response);
  if (response.ok) return parsed as T;

  const error = new ApiError(response.status, parsed);
  if (handleAuthFailures) {
    // Only act when the token used is still the current one: an answer to an old session must not
    // sign out a new one.
    if (response.status === 401 && token !== null && token === getToken()) {
      clearToken('unauthorized');
      handlers.unauthorized?.();
    } else if (response.status === 403 && error.reason === 'not_licensed') {
      handlers.notLicensed?.();
    }
  }
  throw error;
}

/**
 * A file answer (CSV, PDF) fetched with the bearer token and handed to the browser to save: a plain link
 * can't carry the token. `token` is another than the signed-in user's (a station link's).
 */
export async function downloadWithToken(
  path: string,
  fileName: string,
  query?: RequestOptions['query'],
  token?: string,
): Promise<void> {
  const response = await fetch(buildUrl(path, query), {
    headers: { Authorization: `Bearer ${token ?? getToken() ?? ''}`, 'X-App-Slug': APP_SLUG },
  });
  if (!response.ok) throw new ApiError(response.status, await parseBody(response));
  const url = URL.createObjectURL(await response.blob());
  saveLink(url, fileName);
  URL.revokeObjectURL(url);
}

/**
 * Hands an address to the browser to save, through a hidden link clicked once: under `fileName` when
 * given, else the name the server sends. The page stays.
 */
export function saveLink(href: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (fileName !== undefined) link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
