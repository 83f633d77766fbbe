import type { z } from 'zod';
import type { permissionProfileBody, ProfileView } from '@cd/core';
import { makeProfileApi, type PermissionSetValue } from '../users';

export type PermissionProfile = ProfileView<PermissionSetValue>;
export type PermissionProfileOutput = z.output<typeof permissionProfileBody>;

/** GET/POST /permission_profiles, PUT/DELETE /permission_profiles/:id, POST …/:id/apply. */
export const permissionProfileApi = makeProfileApi<PermissionSetValue, PermissionProfileOutput>('permission_profiles');
