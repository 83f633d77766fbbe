import type { z } from 'zod';
import {
  BANNER_PROGRAM_SORT,
  BANNER_SLOTS,
  BANNER_STATUSES,
  type BannerProgram,
  type bannerProgramBody,
} from '@cd/core';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type ProgramInput = z.input<typeof bannerProgramBody>;
export type ProgramOutput = z.output<typeof bannerProgramBody>;

/** GET /banner-programs?search=&slot=&status=&foodcourt=; POST; PUT and DELETE /banner-programs/:id (version-checked). */
export const bannerProgramApi = makeResourceApi<BannerProgram, ProgramOutput>({
  key: ['content', 'banner-programs'],
  path: 'banner-programs',
  rowsField: 'programs',
  rowField: 'program',
  idOf: (program) => program.id,
  exportName: 'banner-programs.xlsx',
});

/** The address of /bannerPrograms: the list's own keys and its slot, status and site filters. */
export const bannerProgramsUrl = listUrlState({
  sort: BANNER_PROGRAM_SORT,
  dialogs: ['delete'] as const,
  filters: {
    slot: param.oneOf(BANNER_SLOTS),
    status: param.oneOf(BANNER_STATUSES),
    foodcourt: param.id(),
  },
});
