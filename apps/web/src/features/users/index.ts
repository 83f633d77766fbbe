import { adUserPages } from '../ad-users';
import { permissionProfilePages } from '../permission-profiles';
import { siteProfilePages } from '../site-profiles';
import type { LazyPage } from '../../lib/lazy-page';
import { usersPages } from './routes';

/** The User Management group's pages (spec 000 §2.3), each loaded on demand. */
export const userManagementPages: Record<string, LazyPage> = {
  ...siteProfilePages,
  ...permissionProfilePages,
  ...usersPages,
  ...adUserPages,
};

// Shared with the profile and AD-user features; used only inside their lazy pages, so not in the initial bundle.
export { useUserList, userKeys, type MutationCallbacks, type UserListQuery } from './api';
export { useEditorGrants, type EditorGrants } from './editor-grants';
export { makeProfileApi, type ProfileApi } from './profile-api';
export { applyServerFieldError } from './server-field-error';
export { useDirtyFlag } from './use-dirty-flag';
export { applyPatch } from './url-state';
export { EMPTY_SITES } from './user-form-values';
export type { PermissionSetValue } from './permission-set';
export { PermissionEditor, type PermissionEditorErrors } from './components/permission-editor';
export { useReportPermissions } from './report-permissions';
export { ProfileEditor } from './components/profile-editor';
export { ProfileListPage } from './components/profile-list-page';
export { SitesPicker } from './components/sites-picker';
