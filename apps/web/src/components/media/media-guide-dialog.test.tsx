import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MEDIA_GUIDE, THUMBNAIL_GUIDE, type MediaGuide } from '@cd/core';
import { aspectOf, MediaGuideDialog } from './media-guide-dialog';
import { fileOf, stubImageDecoding } from './media-test-utils';

// Dialogs with MUI render slowly in jsdom when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const MB = 1024 * 1024;

function renderGuide(guide: MediaGuide = DEFAULT_MEDIA_GUIDE) {
  const onUpload = vi.fn();
  const onCancel = vi.fn();
  render(<MediaGuideDialog open guide={guide} onUpload={onUpload} onCancel={onCancel} />);
  return { onUpload, onCancel, dialog: screen.getByRole('dialog', { name: 'Media guide' }) };
}

const fileRow = (name: string) => screen.getByRole('listitem', { name });

// MUI in jsdom is slow on small machines: typing and dialogs take seconds.
describe('MediaGuideDialog', { timeout: 20_000 }, () => {
  it('lists formats, size, resolution, aspect ratio and the maximum count', () => {
    const { dialog } = renderGuide();
    const images = within(dialog).getByRole('region', { name: 'Images' });
    expect(images).toHaveTextContent('Formats: JPG, JPEG, PNG');
    expect(images).toHaveTextContent('Size: up to 2MB');
    expect(images).toHaveTextContent('Resolution: 1920 x 1080 px (±20 px)');
    // Spec 001 §2.2: the aspect ratio is listed for images too (fixed by their resolution).
    expect(images).toHaveTextContent('Aspect ratio: 16:9');
    const videos = within(dialog).getByRole('region', { name: 'Videos' });
    expect(videos).toHaveTextContent('Formats: MP4');
    expect(videos).toHaveTextContent('Size: up to 5MB');
    expect(videos).toHaveTextContent('Aspect ratio: 16:9');
    expect(dialog).toHaveTextContent('At most 10 files per upload');
    expect(screen.getByLabelText('Choose files')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.mp4');
  });

  it('says any aspect ratio for images of any resolution', () => {
    expect(aspectOf(undefined, undefined)).toBeUndefined();
    expect(aspectOf(1920, 1080)).toBe('16:9');
    expect(aspectOf(800, 800)).toBe('1:1');
  });

  it('shows per-file errors and enables Upload only when every file is valid', async () => {
    const user = userEvent.setup();
    stubImageDecoding({
      'good.png': { width: 1930, height: 1070 },
      'small.png': { width: 100, height: 100 },
      'big.jpg': { width: 1920, height: 1080 },
    });
    const { onUpload } = renderGuide();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    await user.upload(screen.getByLabelText('Choose files'), [
      fileOf('good.png', 1000, 'image/png'),
      fileOf('small.png', 1000, 'image/png'),
      fileOf('big.jpg', 3 * MB, 'image/jpeg'),
      fileOf('broken.png', 1000, 'image/png'),
    ]);
    await waitFor(() => expect(fileRow('good.png')).toHaveTextContent('Ready to upload'));
    expect(fileRow('small.png')).toHaveTextContent('Invalid resolution');
    expect(fileRow('big.jpg')).toHaveTextContent('Invalid size');
    expect(fileRow('broken.png')).toHaveTextContent('Invalid file');
    expect(screen.getByText(/do not follow the media guide/)).toBeInTheDocument();
    expect(upload).toBeDisabled();

    for (const name of ['small.png', 'big.jpg', 'broken.png']) {
      await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    }
    expect(upload).toBeEnabled();
    await user.click(upload);
    expect(onUpload).toHaveBeenCalledWith([expect.objectContaining({ name: 'good.png' })]);
  });

  it('refuses a format the guide does not list', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stubImageDecoding({ 'anim.gif': { width: 50, height: 50 } });
    renderGuide(THUMBNAIL_GUIDE);
    await user.upload(screen.getByLabelText('Choose files'), [fileOf('anim.gif', 100, 'image/gif')]);
    await waitFor(() => expect(fileRow('anim.gif')).toHaveTextContent('Invalid format'));
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('checks videos by their size from the video element, and their aspect ratio', async () => {
    const user = userEvent.setup();
    const sizes: Record<string, [number, number]> = {};
    URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
    URL.revokeObjectURL = vi.fn();
    const srcSetter = vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (
      this: HTMLVideoElement,
      src: string,
    ) {
      const size = sizes[src.replace('blob:', '')];
      Object.defineProperty(this, 'videoWidth', { value: size?.[0] ?? 0, configurable: true });
      Object.defineProperty(this, 'videoHeight', { value: size?.[1] ?? 0, configurable: true });
      setTimeout(() => (size ? this.onloadedmetadata : this.onerror)?.call(this, new Event('x') as never));
    });
    sizes['wide.mp4'] = [1920, 1080];
    sizes['square.mp4'] = [1080, 1080];
    const guide = { ...DEFAULT_MEDIA_GUIDE, video: { formats: ['mp4'], maxSizeMB: 5, aspectRatio: '16:9' } };
    renderGuide(guide);
    await user.upload(screen.getByLabelText('Choose files'), [
      fileOf('wide.mp4', 1000, 'video/mp4'),
      fileOf('square.mp4', 1000, 'video/mp4'),
      fileOf('corrupt.mp4', 1000, 'video/mp4'),
    ]);
    await waitFor(() => expect(fileRow('wide.mp4')).toHaveTextContent('Ready to upload'));
    await waitFor(() => expect(fileRow('square.mp4')).toHaveTextContent('Invalid aspect ratio'));
    await waitFor(() => expect(fileRow('corrupt.mp4')).toHaveTextContent('Invalid file'));
    srcSetter.mockRestore();
  });

  it('disables Upload when more files than the maximum are chosen', async () => {
    const user = userEvent.setup();
    stubImageDecoding({ 'a.png': { width: 10, height: 10 }, 'b.png': { width: 10, height: 10 } });
    renderGuide({ ...THUMBNAIL_GUIDE, maxCount: 1 });
    // One file at a time: the input takes a single file when the maximum is 1.
    await user.upload(screen.getByLabelText('Choose files'), fileOf('a.png', 10, 'image/png'));
    await user.upload(screen.getByLabelText('Choose files'), fileOf('b.png', 10, 'image/png'));
    await waitFor(() => expect(fileRow('b.png')).toHaveTextContent('Ready to upload'));
    expect(screen.getByText(/Maximum count reached: at most 1 file can/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('cancels, and raises an error for a guide missing required props', () => {
    const { onCancel } = renderGuide();
    screen.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalled();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(<MediaGuideDialog open guide={{ maxCount: 1 } as MediaGuide} onUpload={vi.fn()} onCancel={vi.fn()} />),
    ).toThrow(/Invalid media guide/);
  });
});
