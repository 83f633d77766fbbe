import type { DocumentFile, PdfDocument } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';

export function aFile(overrides: Partial<DocumentFile> = {}): DocumentFile {
  return {
    revision: 2,
    file_name: 'fssai-licence-2026.pdf',
    size: 250 * 1024,
    pages: 3,
    url: '/v2/bck/documents/1/file',
    uploaded_by: 'demo.admin',
    uploaded_at: AT,
    ...overrides,
  };
}

export function aDocument(overrides: Partial<PdfDocument> = {}): PdfDocument {
  return {
    id: 1,
    title: 'FSSAI licence',
    category: 'licence',
    foodcourt: 'fc-blr-atrium',
    restaurant: 'fc-blr-atrium:dosa-corner',
    expires_on: '2027-03-31',
    remind_days: 30,
    public: false,
    state: 'valid',
    file: aFile(),
    revisions: 2,
    reminded_at: null,
    version: 4,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

/** The document endpoints as the server answers them; a file named fake.pdf is refused as not a real PDF. */
export function documentsApi(options: { documents?: PdfDocument[] } = {}) {
  let documents = options.documents ?? [
    aDocument(),
    aDocument({
      id: 2,
      title: 'Lunch menu',
      category: 'menu',
      foodcourt: 'fc-blr-tower-b',
      restaurant: null,
      expires_on: null,
      state: 'no_file',
      file: null,
      revisions: 0,
      version: 1,
    }),
    aDocument({
      id: 3,
      title: 'Fire safety certificate',
      category: 'certificate',
      state: 'expired',
      expires_on: '2026-01-31',
    }),
  ];
  const record: MockCall[] = [];
  const find = (path: string) => documents.find((d) => d.id === Number(path.split('/')[1]));
  const routes: Record<string, (request: MockRequest) => MockReply> = {};

  const addRoutes = (id: number) => {
    const at = `documents/${id}`;
    routes[`GET ${at}`] = ({ path }) => ({ body: { document: find(path) } });
    routes[`PUT ${at}`] = ({ body, path }) => {
      const current = find(path)!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const document = { ...current, ...(body as Partial<PdfDocument>), version: current.version + 1 };
      documents = documents.map((x) => (x.id === document.id ? document : x));
      return { body: { message: 'Document saved', document } };
    };
    routes[`GET ${at}/revisions`] = ({ path }) => {
      const current = find(path)!;
      const revisions = Array.from({ length: current.revisions }, (_, i) =>
        aFile({ revision: current.revisions - i, file_name: `file-${current.revisions - i}.pdf` }),
      );
      return { body: { revisions } };
    };
    routes[`POST ${at}/file`] = ({ path }) => {
      const form = record.at(-1)!.body as FormData;
      const file = form.get('file') as File;
      if (file.name === 'fake.pdf') return failure(400, 'The file is not a PDF document', 'badRequest');
      const current = find(path)!;
      const revision = current.revisions + 1;
      const document: PdfDocument = {
        ...current,
        file: aFile({ revision, file_name: file.name, size: file.size, pages: 1 }),
        revisions: revision,
        state: 'valid',
        version: current.version + 1,
      };
      documents = documents.map((x) => (x.id === document.id ? document : x));
      return { body: { message: 'PDF uploaded', document } };
    };
  };

  routes['GET backgroundjobs'] = () => ({ body: { data: [] } });
  routes['GET documents'] = ({ query }) => {
    let rows = documents;
    for (const key of ['foodcourt', 'category', 'state'] as const)
      if (query.get(key)) rows = rows.filter((d) => d[key] === query.get(key));
    return { body: { documents: rows, total: rows.length } };
  };
  routes['POST documents'] = ({ body }) => {
    const document = aDocument({
      ...(body as Partial<PdfDocument>),
      id: 40,
      state: 'no_file',
      file: null,
      revisions: 0,
      version: 1,
    });
    documents = [...documents, document];
    addRoutes(40);
    return { body: { message: 'Document added', document } };
  };
  for (const d of documents) addRoutes(d.id);
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record };
}

/** The calls made to one method and path. */
export const callsTo = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path);

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  callsTo(record, method, path).map((c) => c.body as Record<string, unknown>);
