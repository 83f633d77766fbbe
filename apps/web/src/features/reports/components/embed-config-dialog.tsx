import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EMBED_PROVIDERS, reportEmbedConfigBody } from '@cd/core';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { GenericDialog } from '../../../components/generic-dialog';
import { FormTextField, ResourceFormDialog } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import {
  useDeleteEmbedConfig,
  useEmbedConfigs,
  useReportDefinitions,
  useSaveEmbedConfig,
  type ClientDefinition,
  type EmbedConfig,
} from '../api';

/** Core's schema; an empty secret is none (a stored one is never shown, so the field starts empty). */
const embedSchema = reportEmbedConfigBody
  .omit({ sender: true, lang: true })
  .extend({ secret: z.preprocess((v) => (v === '' ? undefined : v), reportEmbedConfigBody.shape.secret) });

/** Manage dashboards (admin): the configured embeds of each client, Delete, and Add (the secret is write-only). */
export function EmbedConfigDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const configs = useEmbedConfigs(true);
  const clients = useReportDefinitions(true);
  const remove = useDeleteEmbedConfig();
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState<EmbedConfig | null>(null);
  const confirm = () => {
    const config = asking;
    setAsking(null);
    if (!config) return;
    remove.mutate(config.id, {
      onSuccess: (answer) => {
        snackbar.show(answer.message || t('reports.embeds.deleted'), 'success');
        void configs.refetch();
      },
      onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
    });
  };
  return (
    <>
      <GenericDialog open={!adding} title={t('reports.embeds.manage')} onClose={onClose} maxWidth="md">
        {configs.isError && <Alert severity="error">{describeError(configs.error, i18n)}</Alert>}
        {configs.data?.length === 0 && <Alert severity="info">{t('reports.embeds.noConfigs')}</Alert>}
        <List dense>
          {configs.data?.map((c) => (
            <ListItem
              key={c.id}
              secondaryAction={
                <Button
                  color="error"
                  size="small"
                  onClick={() => setAsking(c)}
                  aria-label={t('reports.embeds.deleteOne', { name: c.name })}
                >
                  {t('reports.embeds.delete')}
                </Button>
              }
            >
              <ListItemText
                primary={`${c.name} (${t(`reports.embeds.providers.${c.provider}`)})`}
                secondary={`${c.client} · ${c.site_url}${c.resource ? ` · ${c.resource}` : ''}${
                  c.has_secret ? ` · ${t('reports.embeds.secretSet')}` : ''
                }`}
              />
            </ListItem>
          ))}
        </List>
        <Box>
          <Button variant="contained" disabled={clients.isPending} onClick={() => setAdding(true)}>
            {t('reports.embeds.add')}
          </Button>
        </Box>
      </GenericDialog>
      {adding && (
        <AddEmbedForm
          clients={clients.data ?? []}
          onClose={() => {
            setAdding(false);
            void configs.refetch();
          }}
        />
      )}
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={t('reports.embeds.confirmTitle')}
        primaryText={asking ? t('reports.embeds.confirmText', { name: asking.name }) : ''}
        positiveLabel={t('reports.embeds.delete')}
        onPositive={confirm}
        onNegative={() => setAsking(null)}
      />
    </>
  );
}

/** Add a dashboard; the client choices are the clients whose report lists the admin edits. */
function AddEmbedForm({ clients, onClose }: { clients: readonly ClientDefinition[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEmbedConfig();
  return (
    <ResourceFormDialog
      onClose={onClose}
      reload={async () => null}
      title={t('reports.embeds.addTitle')}
      schema={embedSchema}
      toValues={() => ({
        client: clients[0]?.client ?? '',
        name: '',
        provider: 'metabase' as const,
        site_url: '',
        resource: '',
        secret: '',
      })}
      save={(values) => save.mutateAsync(values).then((a) => ({ message: a.message ?? '' }))}
    >
      {(form) => (
        <>
          {clients.length > 0 ? (
            <FormTextField control={form.control} name="client" label={t('reports.embeds.client')} select required>
              {clients.map((c) => (
                <MenuItem key={c.client} value={c.client}>
                  {c.name}
                </MenuItem>
              ))}
            </FormTextField>
          ) : (
            <FormTextField control={form.control} name="client" label={t('reports.embeds.client')} required />
          )}
          <FormTextField control={form.control} name="name" label={t('reports.embeds.name')} required />
          <FormTextField control={form.control} name="provider" label={t('reports.embeds.provider')} select>
            {EMBED_PROVIDERS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`reports.embeds.providers.${p}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="site_url"
            label={t('reports.embeds.siteUrl')}
            type="url"
            required
          />
          <FormTextField
            control={form.control}
            name="resource"
            label={t('reports.embeds.resource')}
            hint={t('reports.embeds.resourceHint')}
          />
          <FormTextField
            control={form.control}
            name="secret"
            label={t('reports.embeds.secret')}
            type="password"
            autoComplete="new-password"
            hint={t('reports.embeds.secretHint')}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}
