import { Component, type ReactNode } from 'react';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MEDIA_GUIDE, type MediaGuide } from '@cd/core';
import { assertMediaChooserProps, MediaChooser, type MediaChooserProps } from './media-chooser';
import { BASE, mediaItem, renderWithQuery, stubImageApi } from './media-test-utils';

// Dialogs with MUI render slowly in jsdom when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const items = [
  mediaItem({ id: 1, name: 'a.png', action: 'media', value: 'general' }),
  mediaItem({ id: 2, name: 'b.png', action: 'media', value: 'general' }),
  mediaItem({ id: 3, name: 'clip.mp4', file_ext: 'mp4', type: 'video', action: 'media', value: 'general' }),
];
const urlOf = (id: number) => items[id - 1]!.url;

function renderChooser(props: Partial<MediaChooserProps> = {}) {
  const onChange = vi.fn();
  const { calls } = stubImageApi({ list: () => items });
  renderWithQuery(
    <MediaChooser id="banner" header="Banner media" guide={DEFAULT_MEDIA_GUIDE} onChange={onChange} {...props} />,
  );
  return { onChange, calls };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Choose media|Change/ }));
  const dialog = screen.getByRole('dialog', { name: 'Banner media' });
  await within(dialog).findByRole('button', { name: 'a.png' });
  return dialog;
}

class Catch extends Component<{ children: ReactNode; onError: (e: Error) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

describe('MediaChooser props (spec 000 §5)', () => {
  const valid = { id: 'm', header: 'Media', onChange: () => undefined, guide: DEFAULT_MEDIA_GUIDE };

  it('requires an id, a header, a change handler and a guide', () => {
    expect(() => assertMediaChooserProps(valid)).not.toThrow();
    expect(() => assertMediaChooserProps({ ...valid, id: '' })).toThrow('MediaChooser: id is required');
    expect(() => assertMediaChooserProps({ ...valid, header: undefined })).toThrow('header is required');
    expect(() => assertMediaChooserProps({ ...valid, onChange: undefined })).toThrow('onChange is required');
    expect(() => assertMediaChooserProps({ ...valid, guide: undefined })).toThrow('guide is required');
    expect(() => assertMediaChooserProps({})).toThrow('id, header, onChange, guide are required');
    expect(() => assertMediaChooserProps({ ...valid, guide: { maxCount: 1 } as MediaGuide })).toThrow(
      /Invalid media guide/,
    );
  });

  it('requires multiSelect for a list value and refuses it with base-url options', () => {
    expect(() => assertMediaChooserProps({ ...valid, value: ['x'] })).toThrow('multiSelect is required');
    expect(() => assertMediaChooserProps({ ...valid, value: ['x'], multiSelect: true })).not.toThrow();
    expect(() => assertMediaChooserProps({ ...valid, multiSelect: true, customBaseUrl: 'https://cdn' })).toThrow(
      'cannot be combined',
    );
    expect(() => assertMediaChooserProps({ ...valid, multiSelect: true, urlWithoutBase: true })).toThrow(
      'cannot be combined',
    );
  });

  it('throws while rendering with a missing guide', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = vi.fn();
    render(
      <Catch onError={onError}>
        <MediaChooser id="x" header="X" onChange={vi.fn()} guide={undefined as unknown as MediaGuide} />
      </Catch>,
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'MediaChooser: guide is required' }));
  });
});

// MUI in jsdom is slow on small machines: typing and dialogs take seconds.
describe('MediaChooser', { timeout: 20_000 }, () => {
  it('lists the general library 65vh high; a tile toggles; Save waits for a choice', async () => {
    const user = userEvent.setup();
    const { onChange, calls } = renderChooser();
    expect(screen.getByRole('group', { name: 'Banner media' })).toHaveTextContent('Nothing chosen');
    const dialog = await openDialog(user);
    expect(calls[0]?.path).toBe('imagemanager?action=media&value=general');
    expect(within(dialog).getByRole('group', { name: 'Media' })).toHaveStyle({ height: '65vh' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const a = within(dialog).getByRole('button', { name: 'a.png' });
    await user.click(a);
    expect(a).toHaveAttribute('aria-pressed', 'true');
    expect(save).toBeEnabled();
    await user.click(a);
    expect(a).toHaveAttribute('aria-pressed', 'false');
    expect(save).toBeDisabled();

    // Single choice: another tile replaces the first.
    await user.click(a);
    await user.click(within(dialog).getByRole('button', { name: 'clip.mp4' }));
    expect(a).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    expect(onChange).toHaveBeenCalledWith(urlOf(3));
  });

  it('toggles membership with multiSelect and hands back a list', async () => {
    const user = userEvent.setup();
    const { onChange } = renderChooser({ multiSelect: true, value: [urlOf(1)] });
    const dialog = await openDialog(user);
    const a = within(dialog).getByRole('button', { name: 'a.png' });
    const b = within(dialog).getByRole('button', { name: 'b.png' });
    expect(a).toHaveAttribute('aria-pressed', 'true');
    await user.click(b);
    expect(a).toHaveAttribute('aria-pressed', 'true');
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    await user.click(a);
    expect(a).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith([urlOf(2)]);
  });

  it('takes a typed URL', async () => {
    const user = userEvent.setup();
    const { onChange } = renderChooser();
    const dialog = await openDialog(user);
    const field = within(dialog).getByRole('textbox', { name: 'Media URL' });
    const use = within(dialog).getByRole('button', { name: 'Use URL' });
    await user.click(field);
    await user.paste('javascript:alert(1)');
    expect(use).toBeDisabled();
    expect(within(dialog).getByText(/Enter an address starting with/)).toBeInTheDocument();
    await user.clear(field);
    await user.paste('https://cdn.example.com/promo.png');
    await user.click(use);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith('https://cdn.example.com/promo.png');
  });

  it('hands out paths without the base, and shows the current value chosen', async () => {
    const user = userEvent.setup();
    const { onChange } = renderChooser({ urlWithoutBase: true, value: 'files/media/2-b.png' });
    expect(screen.getByRole('img', { name: '2-b.png' })).toHaveAttribute('src', '/files/media/2-b.png');
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('button', { name: 'b.png' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'a.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith('files/media/1-a.png');
    expect(urlOf(1)).toBe(`${BASE}/1-a.png`);
  });

  it('hands out urls under a custom base', async () => {
    const user = userEvent.setup();
    const { onChange } = renderChooser({ customBaseUrl: 'https://cdn.example.com/' });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'b.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith('https://cdn.example.com/files/media/2-b.png');
  });

  it('keeps a typed address elsewhere as it is under a custom base', async () => {
    const user = userEvent.setup();
    const { onChange } = renderChooser({ customBaseUrl: 'https://cdn.example.com/' });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('textbox', { name: 'Media URL' }));
    await user.paste('https://images.example.org/logo.png');
    await user.click(within(dialog).getByRole('button', { name: 'Use URL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onChange).toHaveBeenCalledWith('https://images.example.org/logo.png');
  });
});
