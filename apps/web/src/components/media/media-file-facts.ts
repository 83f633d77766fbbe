import { fileExtension, mediaKindOf, type MediaFileFacts, type MediaKind } from '@cd/core';

/** How long a video may take to report its size before it counts as unreadable. */
export const VIDEO_METADATA_TIMEOUT_MS = 10_000;

/** Image or video: the browser's type first, else the extension. */
export function kindOfFile(file: File): MediaKind {
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('image/')) return 'image';
  return mediaKindOf(fileExtension(file.name));
}

type Size = { width: number; height: number };

async function imageSize(file: File): Promise<Size> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<Size>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => reject(new Error('unreadable image'));
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function videoSize(file: File): Promise<Size> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  try {
    return await new Promise<Size>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('video metadata timeout')), VIDEO_METADATA_TIMEOUT_MS);
      video.preload = 'metadata';
      video.muted = true;
      video.onloadedmetadata = () => {
        clearTimeout(timer);
        resolve({ width: video.videoWidth, height: video.videoHeight });
      };
      video.onerror = () => {
        clearTimeout(timer);
        reject(new Error('unreadable video'));
      };
      video.src = url;
    });
  } finally {
    video.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}

/** What the media guide checks about a chosen file; a file the browser cannot decode is unreadable. */
export async function readMediaFacts(file: File): Promise<MediaFileFacts> {
  const kind = kindOfFile(file);
  const base = { name: file.name, sizeBytes: file.size, kind };
  try {
    const { width, height } = kind === 'video' ? await videoSize(file) : await imageSize(file);
    if (!(width > 0 && height > 0)) return { ...base, readable: false };
    return { ...base, width, height, readable: true };
  } catch {
    return { ...base, readable: false };
  }
}
