import type { UseFormReturn } from 'react-hook-form';
import type { Banner, BannerProgram } from '@cd/core';
import type { ProgramInput, ProgramOutput } from './api';

export type ProgramFormApi = UseFormReturn<ProgramInput, unknown, ProgramOutput>;
export type BannerInput = NonNullable<ProgramInput['banners']>[number];

/** The form's values of a program (a new draft for the app's home screen, on every channel but the board, when none). */
export function programValues(program?: BannerProgram): ProgramInput {
  return {
    name: program?.name ?? '',
    slot: program?.slot ?? 'app_home',
    foodcourts: [...(program?.foodcourts ?? [])],
    channels: [...(program?.channels ?? ['app', 'web'])],
    status: program?.status ?? 'draft',
    starts_at: program?.starts_at ?? null,
    ends_at: program?.ends_at ?? null,
    priority: program?.priority ?? 0,
    banners: (program?.banners ?? []).map((b) => ({ ...b })),
  };
}

/** A video by its file's extension (mp4, webm, mov), else an image. */
export function mediaTypeOf(url: string): Banner['media_type'] {
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.(mp4|webm|mov|m4v)$/i.test(path) ? 'video' : 'image';
}

/** A new banner of a chosen image or video: a short id of its own, no link, shown six seconds. */
export function newBanner(media: string): BannerInput {
  return {
    id: crypto.randomUUID().slice(0, 8),
    media,
    media_type: mediaTypeOf(media),
    alt: '',
    link_type: 'none',
    link: '',
    seconds: 6,
  };
}

/** A banner's name for its controls: its alt text, else its position ("Banner 2"). */
export const bannerName = (banner: { alt?: string }, index: number, fallback: (position: number) => string) =>
  banner.alt?.trim() || fallback(index + 1);
