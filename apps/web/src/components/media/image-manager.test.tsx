import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImageManagerItem } from '@cd/core';
import { ImageManager } from './image-manager';
import { fileOf, mediaItem, renderWithQuery, stubImageApi, stubImageDecoding } from './media-test-utils';

// Dialogs with MUI render slowly in jsdom when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const items = [
  mediaItem({ id: 1, name: 'burger.png', keywords: ['lunch'] }),
  mediaItem({ id: 2, name: 'salad.png', keywords: ['veg'] }),
  mediaItem({ id: 3, name: 'coffee.jpg', file_ext: 'jpg' }),
];

function renderManager(props: Partial<Parameters<typeof ImageManager>[0]> = {}) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const view = renderWithQuery(
    <ImageManager open action="restaurant" value="fc-1" onSave={onSave} onClose={onClose} {...props} />,
  );
  return { ...view, onSave, onClose };
}

// MUI in jsdom is slow on small machines: typing and dialogs take seconds.
describe('ImageManager', { timeout: 20_000 }, () => {
  it('lists the images of its action and value, picks one and saves its url', async () => {
    const user = userEvent.setup();
    const { calls } = stubImageApi({ list: () => items });
    const { onSave } = renderManager();
    expect(screen.getByRole('dialog', { name: 'Image manager' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'burger.png' });
    expect(calls[0]).toMatchObject({ method: 'GET', path: 'imagemanager?action=restaurant&value=fc-1' });
    expect(screen.getByRole('group', { name: 'Media' })).toHaveStyle({ height: '65vh' });

    const burger = screen.getByRole('button', { name: 'burger.png' });
    expect(burger).toHaveAttribute('aria-pressed', 'false');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-pressed', 'true');
    // One image at a time.
    await user.click(screen.getByRole('button', { name: 'salad.png' }));
    expect(burger).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'salad.png' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save image' }));
    expect(onSave).toHaveBeenCalledWith(items[1]!.url, items[1]);
  });

  it('shows the select-image message when saving with nothing selected', async () => {
    const user = userEvent.setup();
    stubImageApi({ list: () => items });
    const { onSave } = renderManager();
    const burger = await screen.findByRole('button', { name: 'burger.png' });
    await user.click(burger);
    await user.click(burger); // toggled off again
    await user.click(screen.getByRole('button', { name: 'Save image' }));
    expect(await screen.findByText('Please select an image')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('searches url, name and keywords after the debounce', async () => {
    const user = userEvent.setup();
    stubImageApi({ list: () => items });
    renderManager();
    await screen.findByRole('button', { name: 'burger.png' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'VEG');
    // Still all three until the 500 ms pause has passed.
    expect(screen.getByRole('button', { name: 'burger.png' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'burger.png' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'salad.png' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing');
    expect(await screen.findByText('Nothing matches the search')).toBeInTheDocument();
  });

  it('shows a failure alert with the server message when the list fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubImageApi({
      listReply: () => ({ status: 403, body: { result: 'failure', message: 'No access here', extras: { code: 'x' } } }),
    });
    renderManager();
    const alert = await screen.findByRole('dialog', { name: 'Failure!' });
    expect(alert).toHaveTextContent('No access here');
    expect(log).toHaveBeenCalled();
  });

  it('falls back to the general text when the server gives no message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubImageApi({ listReply: () => ({ status: 502, body: 'Bad gateway' }) });
    renderManager();
    expect(await screen.findByRole('dialog', { name: 'Failure!' })).toHaveTextContent('Oops... Something went wrong');
  });

  it('uploads through the media guide with the keywords, then reloads and says so', async () => {
    const user = userEvent.setup();
    stubImageDecoding({ 'new.png': { width: 300, height: 300 } });
    let list: ImageManagerItem[] = [items[0]!];
    let sent: FormData | null = null;
    const { calls } = stubImageApi({
      list: () => list,
      upload: (form) => {
        sent = form;
        const added = mediaItem({ id: 9, name: 'new.png' });
        list = [added, ...list];
        return { body: { result: 'success', message: 'Uploaded', data: [added] } };
      },
    });
    renderManager();
    await screen.findByRole('button', { name: 'burger.png' });
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'veg, lunch');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const guide = screen.getByRole('dialog', { name: 'Media guide' });
    // The thumbnail guide: jpg, jpeg or png up to 1MB.
    expect(guide).toHaveTextContent('Size: up to 1MB');
    await user.upload(within(guide).getByLabelText('Choose files'), fileOf('new.png', 2000, 'image/png'));
    const upload = within(guide).getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    expect(await screen.findByText('Uploaded successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'new.png' })).toBeInTheDocument();
    const form = sent as unknown as FormData;
    expect(form.get('action')).toBe('restaurant');
    expect(form.get('value')).toBe('fc-1');
    expect(form.get('keywords')).toBe('veg, lunch');
    expect((form.get('images') as File).name).toBe('new.png');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('a submenu image upload only refreshes the list: no "uploaded" notice (spec 001 §7)', async () => {
    const user = userEvent.setup();
    stubImageDecoding({ 'new.png': { width: 300, height: 300 } });
    let list: ImageManagerItem[] = [items[0]!];
    stubImageApi({
      list: () => list,
      upload: () => {
        const added = mediaItem({ id: 9, name: 'new.png' });
        list = [added, ...list];
        return { body: { result: 'success', message: 'Uploaded', data: [added] } };
      },
    });
    renderManager({ action: 'sub_menu', value: 'submenu_image', notifyUploadSuccess: false });
    await screen.findByRole('button', { name: 'burger.png' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const guide = screen.getByRole('dialog', { name: 'Media guide' });
    await user.upload(within(guide).getByLabelText('Choose files'), fileOf('new.png', 2000, 'image/png'));
    const upload = within(guide).getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await user.click(upload);
    expect(await screen.findByRole('button', { name: 'new.png' })).toBeInTheDocument();
    expect(screen.queryByText('Uploaded successfully')).not.toBeInTheDocument();
  });

  it('shows the server message when an upload is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubImageDecoding({ 'x.png': { width: 30, height: 30 } });
    stubImageApi({
      list: () => items,
      upload: () => ({
        status: 400,
        body: { result: 'failure', message: 'x.png: invalid file', extras: { code: 'invalidFile' } },
      }),
    });
    renderManager();
    await screen.findByRole('button', { name: 'burger.png' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const guide = screen.getByRole('dialog', { name: 'Media guide' });
    await user.upload(within(guide).getByLabelText('Choose files'), fileOf('x.png', 20, 'image/png'));
    await waitFor(() => expect(within(guide).getByRole('button', { name: 'Upload' })).toBeEnabled());
    await user.click(within(guide).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Failure!' })).toHaveTextContent('x.png: invalid file');
  });

  it('edits the keywords of one image with the version it shows', async () => {
    const user = userEvent.setup();
    const { calls } = stubImageApi({ list: () => items });
    renderManager();
    await user.click(await screen.findByRole('button', { name: 'Edit salad.png' }));
    const edit = screen.getByRole('dialog', { name: 'Edit media' });
    const keywords = within(edit).getByRole('textbox', { name: 'Keywords' });
    expect(keywords).toHaveValue('veg');
    await user.clear(keywords);
    await user.type(keywords, 'veg, green');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: 'imagemanager/2',
      body: { name: 'salad.png', keywords: 'veg, green', version: 1 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit media' })).not.toBeInTheDocument());
  });

  it('shows an editor failure as a warning', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubImageApi({
      list: () => items,
      update: () => ({
        status: 409,
        body: { result: 'failure', message: 'This image was changed by someone', extras: { code: 'versionConflict' } },
      }),
    });
    renderManager();
    await user.click(await screen.findByRole('button', { name: 'Edit burger.png' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit media' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Warning!' })).toHaveTextContent('changed by someone');
  });
});
