import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ImageManagerItem } from '@cd/core';

/** Test helpers of the media components (not shipped: imported by *.test.tsx only). */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export const BASE = 'http://127.0.0.1:3999/files/media';

export function mediaItem(over: Partial<ImageManagerItem> & { id: number; name: string }): ImageManagerItem {
  return {
    url: `${BASE}/${over.id}-${over.name}`,
    keywords: [],
    width: 200,
    height: 200,
    size: 1000,
    file_ext: 'png',
    type: 'image',
    action: 'restaurant',
    value: 'fc-1',
    uploaded_by: 'demo.admin',
    uploaded_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...over,
  };
}

type Reply = { status?: number; body: unknown };
export type ApiCall = { method: string; path: string; body: unknown };

/**
 * Stubs fetch for the imagemanager calls: GET answers `list()` (or `listReply`), POST `upload(form)`, PUT and
 * DELETE echo success. Every call is recorded with its parsed body (FormData for uploads).
 */
export function stubImageApi(options: {
  list?: () => ImageManagerItem[];
  listReply?: () => Reply;
  upload?: (form: FormData) => Reply;
  update?: (id: number, body: Record<string, unknown>) => Reply;
}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^\/v2\/bck\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : init?.body;
    calls.push({ method, path: url, body });
    let reply: Reply = { status: 404, body: { result: 'failure', message: 'Not found', extras: { code: 'notFound' } } };
    if (method === 'GET' && url.startsWith('imagemanager?')) {
      reply = options.listReply?.() ?? { body: { result: 'success', data: options.list?.() ?? [] } };
    } else if (method === 'POST' && url === 'imagemanager') {
      reply = options.upload?.(body as FormData) ?? { body: { result: 'success', message: 'Uploaded', data: [] } };
    } else if (method === 'PUT' && url.startsWith('imagemanager/')) {
      const id = Number(url.split('/')[1]);
      reply = options.update?.(id, body as Record<string, unknown>) ?? {
        body: { result: 'success', message: 'Updated', data: mediaItem({ id, name: 'x.png' }) },
      };
    } else if (method === 'DELETE' && url.startsWith('imagemanager/')) {
      reply = { body: { result: 'success', message: 'Deleted' } };
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Browser decoding stand-ins: image sizes by file name; a name missing from the map cannot be decoded. */
export function stubImageDecoding(sizes: Record<string, { width: number; height: number }>) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => {
      const size = sizes[file.name];
      if (!size) throw new Error('cannot decode');
      return { ...size, close: () => undefined };
    }),
  );
}

export function stubObjectUrls() {
  let n = 0;
  // jsdom has no object URLs; the stand-ins stay (they are harmless for other tests).
  URL.createObjectURL = vi.fn(() => `blob:test/${(n += 1)}`);
  URL.revokeObjectURL = vi.fn();
}

export const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
