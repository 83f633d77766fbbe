import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { apiKeyApi, apiKeysUrl } from '../api';
import { CreateKeyDialog } from '../components/create-key-dialog';
import { RevokeKeyDialog } from '../components/revoke-key-dialog';
import { RotateKeyDialog } from '../components/rotate-key-dialog';
import { formatTime } from '../format';

const STATUS_CHOICES = ['active', 'revoked'] as const;

/**
 * /api-keys (issue 36; administrators only): the ordering apps' API keys with their food courts by name, who made
 * them and when, their last use and calls of the last 24 hours; Create key (shown once, with Copy), Rotate with a
 * grace period for the old key, Revoke after a question. Keys are never edited.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const url = useUrlState(apiKeysUrl);
  const { state, update } = url;
  const columns: ResourceColumn<ApiKeyView>[] = [
    { id: 'api_client', header: t('apiKeys.columns.app'), sortable: true, primary: true, cell: (k) => k.api_client },
    {
      id: 'prefix',
      header: t('apiKeys.columns.prefix'),
      nowrap: true,
      primary: true,
      cell: (k) => <Box component="span" sx={{ fontFamily: 'monospace' }}>{`${k.prefix}…`}</Box>,
    },
    {
      id: 'scope',
      header: t('apiKeys.columns.scope'),
      cell: (k) => (k.foodcourt_names.length ? k.foodcourt_names.join(', ') : t('apiKeys.everyFoodcourt')),
    },
    {
      id: 'status',
      header: t('apiKeys.columns.status'),
      cell: (k) =>
        k.status === 'expiring' && k.expires_at
          ? t('apiKeys.status.expiring', { at: formatTime(k.expires_at) })
          : t(`apiKeys.status.${k.status === 'expiring' ? 'active' : k.status}`),
    },
    { id: 'created_by', header: t('apiKeys.columns.createdBy'), hideBelow: 'lg', cell: (k) => k.created_by },
    {
      id: 'created_at',
      header: t('apiKeys.columns.createdAt'),
      sortable: true,
      nowrap: true,
      hideBelow: 'md',
      cell: (k) => formatTime(k.created_at),
    },
    {
      id: 'last_used_at',
      header: t('apiKeys.columns.lastUsed'),
      sortable: true,
      nowrap: true,
      cell: (k) => (k.last_used_at ? formatTime(k.last_used_at) : t('apiKeys.never')),
    },
    { id: 'calls_24h', header: t('apiKeys.columns.calls'), align: 'right', cell: (k) => String(k.calls_24h) },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('apiKeys.title')}
        intro={t('apiKeys.intro')}
        api={apiKeyApi}
        url={url}
        columns={columns}
        listLabel={t('apiKeys.listLabel')}
        rowName={(k) => `${k.api_client} (${k.prefix}…)`}
        searchLabel={t('apiKeys.search')}
        filters={
          <ChoiceFilter
            label={t('apiKeys.statusFilter')}
            value={state.status}
            values={STATUS_CHOICES}
            name={(v) => t(`apiKeys.statusChoice.${v}`)}
            onChange={(status) => update({ status, page: undefined })}
          />
        }
        empty={t('apiKeys.empty')}
        exportable={false}
        createLabel={t('apiKeys.add')}
        canEdit={() => false}
        renderForm={({ onClose }) => <CreateKeyDialog onClose={onClose} />}
        rowActions={(k, open) => {
          const name = `${k.api_client} (${k.prefix}…)`;
          return (
            <>
              {k.status === 'active' && (
                <Button size="small" onClick={() => open('rotate')} aria-label={t('apiKeys.rotate.label', { name })}>
                  {t('apiKeys.rotate.action')}
                </Button>
              )}
              {k.status !== 'revoked' && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => open('revoke')}
                  aria-label={t('apiKeys.revoke.label', { name })}
                >
                  {t('apiKeys.revoke.action')}
                </Button>
              )}
            </>
          );
        }}
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'rotate' ? (
            <RotateKeyDialog row={row} onClose={onClose} />
          ) : (
            <RevokeKeyDialog row={row} onClose={onClose} />
          )
        }
      />
    </Box>
  );
}
