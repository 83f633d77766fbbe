import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { ApiError, apiGet, apiPatch, apiPost, setSessionLossHandler } from './api-client';

const failure = (message: string, code = 'x') => ({ result: 'failure', message, extras: { code } });

afterEach(() => setSessionLossHandler(() => {}));

describe('api client', () => {
  it('posts JSON with credentials, sender and language, and returns the success body', async () => {
    const fetchMock = mockApi({ 'vendor/details': () => ({ body: { result: 'success', name: 'Demo' } }) });
    await expect(apiPost('vendor/details', {})).resolves.toEqual({ result: 'success', name: 'Demo' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v2/bck/vendor/details');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({ sender: 'web', lang: 'en' });
  });

  it('patches with the same envelope (a partial change naming its version)', async () => {
    const fetchMock = mockApi({ 'things/1': () => ({ body: { result: 'success', thing: { id: 1 } } }) });
    await expect(apiPatch('things/1', { version: 3, status: 'done' })).resolves.toMatchObject({ thing: { id: 1 } });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual({ version: 3, status: 'done', sender: 'web', lang: 'en' });
  });

  it('turns the failure envelope into an ApiError', async () => {
    mockApi({ 'x/y': () => ({ status: 400, body: failure('Bad thing', 'badThing') }) });
    const error = await apiGet('x/y').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'badThing', serverMessage: 'Bad thing' });
  });

  it("shows a refused field's message without the field's API name (issue 35)", async () => {
    mockApi({
      'x/z': () => ({
        status: 400,
        body: {
          result: 'failure',
          message: 'business_date: Use a date between 2000 and 2199',
          extras: { code: 'invalidRequest', field: 'business_date' },
        },
      }),
    });
    const error = await apiGet('x/z').catch((e: unknown) => e);
    expect(error).toMatchObject({
      serverMessage: 'Use a date between 2000 and 2199',
      message: 'Use a date between 2000 and 2199',
      extras: { field: 'business_date' },
    });
  });

  it('treats a 2xx answer without result "success" as a failure (spec 001 §7)', async () => {
    mockApi({
      'a/empty': () => ({ body: {} }),
      'a/odd': () => ({ body: { result: 'pending', message: 'Not yet' } }),
      'a/text': () => ({ body: 'ok' }),
    });
    for (const path of ['a/empty', 'a/odd', 'a/text']) {
      const error = await apiGet(path).catch((e: unknown) => e);
      expect(error, path).toBeInstanceOf(ApiError);
    }
    await expect(apiGet('a/odd').catch((e: ApiError) => e.serverMessage)).resolves.toBe('Not yet');
  });

  it('signs out on a 401 or a session-loss message, except for the sign-in calls', async () => {
    const onLoss = vi.fn();
    setSessionLossHandler(onLoss);
    mockApi({
      'vendor/details': () => ({ status: 401, body: failure('You are logged out. Login again', 'loggedOut') }),
      'vendor/list': () => ({ status: 400, body: failure('invalid cookie') }),
      'vendor/password_login': () => ({ status: 400, body: failure('Invalid login credentials') }),
      'vendor/other': () => ({ status: 400, body: failure('Something else') }),
    });

    await expect(apiPost('vendor/details')).rejects.toBeInstanceOf(ApiError);
    expect(onLoss).toHaveBeenCalledTimes(1);
    await expect(apiPost('vendor/list')).rejects.toBeInstanceOf(ApiError);
    expect(onLoss).toHaveBeenCalledTimes(2);
    await expect(apiPost('vendor/password_login', {}, { sessionCheck: false })).rejects.toBeInstanceOf(ApiError);
    await expect(apiPost('vendor/other')).rejects.toBeInstanceOf(ApiError);
    expect(onLoss).toHaveBeenCalledTimes(2);
  });

  it('reports a transport failure as a status-0 error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiPost('vendor/details')).rejects.toMatchObject({ status: 0, code: 'network', serverMessage: '' });
  });
});
