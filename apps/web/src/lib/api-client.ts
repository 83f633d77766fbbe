import { isSessionLossMessage } from '@cd/core';
import { API_BASE, APP_LANG } from './config';

/** A failed call: the failure envelope of DESIGN.md §4, or a transport error (status 0, no message). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extras: Record<string, unknown>;
  /** The server's human text; empty when the server gave none. */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, code: string, extras: Record<string, unknown> = {}) {
    const message = withoutFieldName(serverMessage, extras.field);
    super(message || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extras = extras;
    this.serverMessage = message;
  }
}

/**
 * A refused request's message names the field by its API name first ("business_date: Use a date between 2000 and
 * 2199"); people read the message without it (issue 35). The field stays in `extras.field` for the form to place it.
 */
export function withoutFieldName(message: string, field: unknown): string {
  if (typeof field !== 'string' || !field) return message;
  const prefix = `${field}: `;
  return message.startsWith(prefix) && message.length > prefix.length ? message.slice(prefix.length) : message;
}

export type RequestOptions = {
  /**
   * Whether a 401 or a session-loss message signs the user out (spec 000 §4). Off for the sign-in calls,
   * whose failures ("Invalid login credentials") are answers about the attempt, not about a session.
   */
  sessionCheck?: boolean;
  signal?: AbortSignal;
};

type SessionLossHandler = () => void;
let onSessionLoss: SessionLossHandler = () => {};

/** The app registers what "signed out" means (clear state, show login); lib stays feature-free. */
export function setSessionLossHandler(handler: SessionLossHandler): void {
  onSessionLoss = handler;
}

type Envelope = { result?: unknown; message?: unknown; extras?: unknown };

async function readJson(response: Response): Promise<Envelope | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify({ ...(body as object), sender: 'web', lang: APP_LANG });
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '', 'network');
  }

  return settle<T>(response, options);
}

/** A JSON answer: the payload of a success, or an ApiError (signing the user out on session loss). */
async function settle<T>(response: Response, options: RequestOptions): Promise<T> {
  const json = await readJson(response);
  // Spec 001 §7: only `result: "success"` is a success; any other answer, 2xx or not, goes to the failure path.
  if (response.ok && json?.result === 'success') return json as T;

  const message = typeof json?.message === 'string' ? json.message : '';
  const extras = json?.extras && typeof json.extras === 'object' ? (json.extras as Record<string, unknown>) : {};
  const code = typeof extras.code === 'string' ? extras.code : '';
  const error = new ApiError(response.status, message, code, extras);
  if (options.sessionCheck !== false && (response.status === 401 || isSessionLossMessage(message))) {
    onSessionLoss();
  }
  throw error;
}

/**
 * POST multipart/form-data: the text fields in order (a server may refuse on them before the file arrives),
 * then the file (or several files under the same field name, in order); sender and lang go with them. Same
 * envelope, errors and session handling as apiPost.
 */
export async function apiPostForm<T>(
  path: string,
  fields: Record<string, string>,
  file: { name: string; value: File | readonly File[] },
  options: RequestOptions = {},
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...fields, sender: 'web', lang: APP_LANG })) form.append(key, value);
  for (const one of Array.isArray(file.value) ? file.value : [file.value]) form.append(file.name, one, one.name);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '', 'network');
  }
  return settle<T>(response, options);
}

export function apiPost<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, body, options);
}

export function apiPut<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('PUT', path, body, options);
}

export function apiPatch<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('PATCH', path, body, options);
}

export function apiDelete<T>(path: string, body: object = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('DELETE', path, body, options);
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

/** A GET that may answer a file (any non-JSON body) or a JSON envelope (e.g. a background job started instead). */
export type FileOrJson<T> = { kind: 'file'; blob: Blob; disposition: string | null } | { kind: 'json'; answer: T };

export async function apiGetFile<T>(path: string, options: RequestOptions = {}): Promise<FileOrJson<T>> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
      method: 'GET',
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '', 'network');
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('json')) {
    return { kind: 'file', blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
  }
  return { kind: 'json', answer: await settle<T>(response, options) };
}
