import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { SubmenuEditor } from '../../submenu-editor';
import { applyPatch } from '../../users';
import { invalidatePricebookSubmenus, usePricebookPaths } from '../api';
import { PricebookItemsSection } from '../components/pricebook-items-section';
import { PricebookSubmenusSection } from '../components/pricebook-submenus-section';

/**
 * /pricebook (spec 001 §2, §3.8, §3.9): a price-book path's items (prices edited in place) and its price-book
 * submenus (tag search, add and edit in the submenu editor, delete). The address holds the path by name
 * (?path=standard), the item search (?search=), the tag search (?tags=) and the open submenu (?submenu=).
 */
export function PricebookPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const pathName = params.get('path') ?? '';
  const search = params.get('search') ?? '';
  const tags = params.get('tags') ?? '';
  const submenu = params.get('submenu') ?? '';
  const update = useCallback(
    (patch: Record<string, string | undefined>, replace = false) =>
      setParams((prev) => applyPatch(prev, patch), { replace }),
    [setParams],
  );
  const handleSearch = useCallback((value: string) => update({ search: value || undefined }, true), [update]);

  const paths = usePricebookPaths();
  const path = paths.data?.find((p) => p.pathid === pathName);

  const closeEditor = (saved: boolean) => {
    update({ submenu: undefined });
    if (saved) void invalidatePricebookSubmenus(queryClient);
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('nav.pricebook')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('pricebook.path')}
        value={path ? path.pathid : ''}
        onChange={(event) =>
          update({ path: event.target.value, search: undefined, tags: undefined, submenu: undefined })
        }
        sx={{ minWidth: 240, mb: 3 }}
        disabled={!paths.data?.length}
      >
        {(paths.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.pathid}>
            {p.pathid}
          </MenuItem>
        ))}
      </TextField>
      {paths.isError && <Alert severity="error">{describeError(paths.error, i18n)}</Alert>}
      {!paths.allowed ? (
        // Spec 000 §6: the paths are listed only with the /allpath page permission.
        <Alert severity="info">{t('pricebook.pathsNotAllowed')}</Alert>
      ) : paths.isPending ? (
        <PageLoading />
      ) : !path ? (
        <Typography color="text.secondary">
          {t(paths.isSuccess && paths.data.length === 0 ? 'pricebook.noPaths' : 'pricebook.choosePath')}
        </Typography>
      ) : (
        <>
          <PricebookItemsSection
            key={`i-${path.id}`}
            path={path.id}
            pathName={path.pathid}
            search={search}
            onSearch={handleSearch}
          />
          <PricebookSubmenusSection
            key={`s-${path.id}`}
            path={path.id}
            pathName={path.pathid}
            tags={tags}
            onTags={(value) => update({ tags: value || undefined })}
            onOpen={(id) => update({ submenu: id })}
          />
          {submenu && (
            <SubmenuEditor
              key={submenu}
              mode="pricebook"
              path={path.id}
              submenuid={submenu === 'new' ? undefined : submenu}
              open
              onClose={closeEditor}
            />
          )}
        </>
      )}
    </Box>
  );
}
