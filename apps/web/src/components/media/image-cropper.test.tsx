import { useEffect } from 'react';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageCropper } from './image-cropper';
import { fileOf, stubObjectUrls } from './media-test-utils';

// Dialogs with MUI render slowly in jsdom when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

const cropSquare = vi.hoisted(() => vi.fn());
vi.mock('./crop-image', () => ({ cropSquare }));

// jsdom cannot lay out or decode images: the stand-in reports a crop area as soon as it shows an image.
vi.mock('react-easy-crop', () => {
  function FakeCropper({ image, onCropComplete }: { image: string; onCropComplete: (a: object, p: object) => void }) {
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per image, as the real one does after loading
    useEffect(() => onCropComplete({}, { x: 0, y: 0, width: 100, height: 100 }), [image]);
    return <img alt="crop preview" src={image} />;
  }
  return { default: FakeCropper };
});

function renderCropper() {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<ImageCropper open onSave={onSave} onClose={onClose} />);
  return { onSave, onClose };
}

// MUI in jsdom is slow on small machines: typing and dialogs take seconds.
describe('ImageCropper', { timeout: 20_000 }, () => {
  beforeEach(() => {
    cropSquare.mockReset();
    stubObjectUrls();
  });

  it('offers zoom 0.1–10 (step 0.01), rotation 0–360 and a square width of 200 by default', () => {
    renderCropper();
    expect(screen.getByRole('dialog', { name: 'Edit image' })).toBeInTheDocument();
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('aria-valuemin', '0.1');
    expect(zoom).toHaveAttribute('aria-valuemax', '10');
    expect(zoom).toHaveAttribute('step', '0.01');
    expect(zoom).toHaveAttribute('aria-valuenow', '1');
    const rotation = screen.getByRole('slider', { name: 'Rotation' });
    expect(rotation).toHaveAttribute('aria-valuemin', '0');
    expect(rotation).toHaveAttribute('aria-valuemax', '360');
    expect(screen.getByRole('spinbutton', { name: 'Width' })).toHaveValue(200);
    // Nothing to crop yet.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Image drop zone' })).toHaveTextContent('Drop an image here');
  });

  it('saves a cropped square of the chosen width', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['png'], { type: 'image/png' });
    cropSquare.mockResolvedValue(blob);
    const { onSave } = renderCropper();
    await user.upload(screen.getByLabelText('Choose image'), fileOf('photo.png', 100, 'image/png'));
    expect(await screen.findByAltText('crop preview')).toBeInTheDocument();
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await user.clear(width);
    await user.type(width, '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(blob, 'photo.png'));
    expect(cropSquare).toHaveBeenCalledWith(
      expect.stringMatching(/^blob:/),
      { x: 0, y: 0, width: 100, height: 100 },
      0,
      300,
      'image/png',
    );
  });

  it('refuses a width outside the limits', async () => {
    const user = userEvent.setup();
    renderCropper();
    await user.upload(screen.getByLabelText('Choose image'), fileOf('photo.jpg', 100, 'image/jpeg'));
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await user.clear(width);
    await user.type(width, '5');
    expect(screen.getByText('Enter a whole number from 16 to 4096')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the editingNotAllowed warning when the image cannot be edited, and logs it', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cropSquare.mockRejectedValue(new Error('tainted canvas'));
    const { onSave } = renderCropper();
    await user.upload(screen.getByLabelText('Choose image'), fileOf('photo.png', 100, 'image/png'));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', { name: 'Warning!' });
    expect(warning).toHaveTextContent('This image cannot be edited');
    expect(onSave).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('refuses a file that is not an image with the same warning', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCropper();
    await user.upload(screen.getByLabelText('Choose image'), fileOf('notes.txt', 10, 'text/plain'));
    expect(await screen.findByRole('dialog', { name: 'Warning!' })).toHaveTextContent('This image cannot be edited');
  });

  it('takes an image dropped on the zone', async () => {
    renderCropper();
    const zone = screen.getByRole('group', { name: 'Image drop zone' });
    const file = fileOf('dropped.png', 10, 'image/png');
    const drop = new Event('drop', { bubbles: true }) as Event & { dataTransfer: unknown };
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file] } });
    zone.dispatchEvent(drop);
    expect(await screen.findByAltText('crop preview')).toBeInTheDocument();
  });
});

describe('the cropper width follows the number rules of every number field (spec 000 §5)', () => {
  it('refuses the minus sign and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<ImageCropper open onClose={() => {}} onSave={() => {}} />);
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await user.clear(width);
    await user.type(width, '-5');
    expect(width).toHaveValue(5);
    await user.type(width, '{ArrowUp}{ArrowUp}');
    expect(width).toHaveValue(5);
  });
});
