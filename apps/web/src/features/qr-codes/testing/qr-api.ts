import { Blob as NodeBlob } from 'node:buffer';
import type { QrTargetType } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import type { QrCode } from '../api';

export const FOODCOURT = 'fc-blr-atrium';
export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

export function aCode(overrides: Partial<QrCode> = {}): QrCode {
  const id = overrides.id ?? 1;
  return {
    id,
    foodcourt: FOODCOURT,
    restaurant: null,
    target_type: 'table',
    label: `T${id}`,
    link: `http://127.0.0.1:3000/q/${id}.sig${id}`,
    created_at: '2026-03-05T09:07:00.000Z',
    ...overrides,
  };
}

/** The QR endpoints as the server answers them; files come back as blobs with their names. */
export function qrApiMock(initial: QrCode[] = [aCode({ id: 2 }), aCode({ id: 1 })]) {
  let codes = initial;
  let next = 30;
  const record: MockCall[] = [];
  // jsdom's Blob (what the stub recognises as a file) has no stream(), which the Response of Node reads.
  const blob = (text: string, type: string) =>
    Object.assign(new Blob([text], { type }), { stream: () => new NodeBlob([text], { type }).stream() });
  const file = (type: string, name: string): MockReply => ({
    body: blob(type === 'application/pdf' ? '%PDF-1.7' : 'PK', type),
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET qr_codes': ({ query }) => ({ body: { codes: codes.filter((c) => c.foodcourt === query.get('foodcourt')) } }),
    'POST qr_codes': ({ body }) => {
      const made = (body.labels as string[]).map((label) =>
        aCode({
          id: ++next,
          label,
          target_type: body.target_type as QrTargetType,
          restaurant: (body.restaurant as string | null) ?? null,
        }),
      );
      codes = [...made.reverse(), ...codes];
      return { body: { codes: made.reverse() } };
    },
    'POST qr_codes/print': ({ body }) => file('application/pdf', `qr-codes-${(body.ids as number[]).length}.pdf`),
    'POST qr_codes/zip': ({ body }) => file('application/zip', `qr-codes-${(body.ids as number[]).length}.zip`),
  };
  const fetchMock = mockApiRoutes(routes, { record });
  const sent = (method: string, path: string) =>
    record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
  return { fetchMock, record, sent };
}
