import type { Area } from 'react-easy-crop';

/** The bounding box of a w x h rectangle rotated by `rotation` degrees. */
export function rotatedSize(width: number, height: number, rotation: number): { width: number; height: number } {
  const rad = (rotation * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(rad) * width) + Math.abs(Math.sin(rad) * height),
    height: Math.abs(Math.sin(rad) * width) + Math.abs(Math.cos(rad) * height),
  };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // A remote image must allow CORS, else the canvas is tainted and cannot be exported (editingNotAllowed).
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded'));
    image.src = src;
  });
}

/**
 * Draws the image rotated, cuts the crop area (in the rotated image's pixels, as react-easy-crop reports it)
 * and scales it to a `size` x `size` square. Throws when the browser refuses (tainted canvas, no memory).
 */
export async function cropSquare(
  src: string,
  area: Area,
  rotation: number,
  size: number,
  type: 'image/png' | 'image/jpeg' = 'image/png',
): Promise<Blob> {
  const image = await loadImage(src);
  const bounds = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(bounds.width);
  rotated.height = Math.round(bounds.height);
  const rctx = rotated.getContext('2d');
  if (!rctx) throw new Error('No canvas');
  rctx.translate(rotated.width / 2, rotated.height / 2);
  rctx.rotate((rotation * Math.PI) / 180);
  rctx.translate(-image.naturalWidth / 2, -image.naturalHeight / 2);
  rctx.drawImage(image, 0, 0);

  const out = document.createElement('canvas');
  out.width = size;
  out.height = size;
  const octx = out.getContext('2d');
  if (!octx) throw new Error('No canvas');
  if (type === 'image/jpeg') {
    octx.fillStyle = '#ffffff';
    octx.fillRect(0, 0, size, size);
  }
  octx.imageSmoothingQuality = 'high';
  octx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise<Blob>((resolve, reject) => {
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be exported'))), type, 0.92);
  });
}
