import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SYNC_KINDS, syncTargetBody, type SyncTarget } from '@cd/core';
import { FormTextField, ResourceFormDialog } from '../../../components/resource';
import { useNotify } from '../../../components/snackbar';
import { useLoginState } from '../../../lib/login-state';
import { useRestaurantChoices } from '../../../lib/restaurant-choices';
import { describeError } from '../../../lib/server-message';
import { useDeleteTarget, useSaveTarget, useTargets } from '../api';

/** The form: a new Authorization header replaces the stored one; empty keeps it; "remove" clears it. */
const targetForm = syncTargetBody.extend({
  auth_header: z.string().max(2000).default(''),
  clear_auth: z.boolean().default(false),
});
type TargetIn = z.input<typeof targetForm>;

function TargetForm({ row, onClose }: { row?: SyncTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTarget();
  const choices = useRestaurantChoices();
  return (
    <ResourceFormDialog
      row={row}
      onClose={onClose}
      reload={async () => null}
      title={row ? t('posVsd.targets.editTitle', { name: row.name }) : t('posVsd.targets.addTitle')}
      schema={targetForm}
      toValues={(r): TargetIn => ({
        name: r?.name ?? '',
        kind: r?.kind ?? 'pos',
        url: r?.url ?? '',
        auth_header: '',
        clear_auth: false,
        enabled: r?.enabled ?? true,
        restaurants: r?.restaurants ?? [],
      })}
      save={async ({ clear_auth, auth_header, ...body }, version) => {
        const header = clear_auth ? '' : auth_header ? auth_header : undefined;
        const answer = await save.mutateAsync({
          id: row?.id,
          body: { ...body, ...(header === undefined ? {} : { auth_header: header }) },
          version,
        });
        return { message: answer.message };
      }}
    >
      {(form) => (
        <>
          <FormTextField control={form.control} name="name" label={t('posVsd.targets.name')} required />
          <FormTextField control={form.control} name="kind" label={t('posVsd.targets.kind')} select>
            {SYNC_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`posVsd.kind.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="url"
            label={t('posVsd.targets.url')}
            hint={t('posVsd.targets.urlHint')}
            required
          />
          <FormTextField
            control={form.control}
            name="auth_header"
            type="password"
            autoComplete="off"
            label={t('posVsd.targets.authHeader')}
            hint={row?.auth_header_set ? t('posVsd.targets.authKept') : t('posVsd.targets.authHint')}
          />
          {row?.auth_header_set && (
            <Controller
              control={form.control}
              name="clear_auth"
              render={({ field }) => (
                <FormControlLabel
                  label={t('posVsd.targets.authClear')}
                  control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                />
              )}
            />
          )}
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                label={t('posVsd.targets.enabled')}
                control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
          <Controller
            control={form.control}
            name="restaurants"
            render={({ field }) => (
              <Autocomplete
                multiple
                size="small"
                options={choices.map((c) => c.restaurant)}
                getOptionLabel={(id) => choices.find((c) => c.restaurant === id)?.name ?? id}
                value={(field.value as string[] | undefined) ?? []}
                onChange={(_e, value) => field.onChange(value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('posVsd.targets.restaurants')}
                    helperText={t('posVsd.targets.restaurantsHint')}
                  />
                )}
              />
            )}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}

/** Where menus go: POS, vending and aggregator endpoints. Everyone on the page sees them; administrators change them. */
export function TargetsSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { user } = useLoginState();
  const admin = user?.vendorextras?.admin === true;
  const targets = useTargets();
  const remove = useDeleteTarget();
  const [editing, setEditing] = useState<SyncTarget | 'new' | null>(null);
  const rows = targets.data?.targets ?? [];
  return (
    <Paper component="section" aria-labelledby="pos-targets-heading" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="pos-targets-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('posVsd.targets.heading')}
        </Typography>
        {admin && (
          <Button variant="outlined" onClick={() => setEditing('new')}>
            {t('posVsd.targets.add')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {admin ? t('posVsd.targets.hint') : t('posVsd.targets.hintReadOnly')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          {targets.isLoading ? t('posVsd.loading') : t('posVsd.targets.empty')}
        </Typography>
      ) : (
        // Focusable: on a phone the list scrolls sideways, and a keyboard must be able to scroll it.
        <TableContainer tabIndex={0} role="region" aria-label={t('posVsd.targets.listRegion')}>
          <Table size="small" aria-label={t('posVsd.targets.heading')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('posVsd.targets.name')}</TableCell>
                <TableCell>{t('posVsd.targets.kind')}</TableCell>
                <TableCell>{t('posVsd.targets.url')}</TableCell>
                <TableCell>{t('posVsd.targets.state')}</TableCell>
                {admin && <TableCell>{t('posVsd.targets.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{t(`posVsd.kind.${r.kind}`)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{r.url}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Chip
                        size="small"
                        color={r.enabled ? 'success' : 'default'}
                        label={r.enabled ? t('posVsd.targets.on') : t('posVsd.targets.off')}
                      />
                      {r.auth_header_set && (
                        <Chip size="small" variant="outlined" label={t('posVsd.targets.authSet')} />
                      )}
                    </Box>
                  </TableCell>
                  {admin && (
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setEditing(r)}
                        aria-label={t('posVsd.targets.editOf', { name: r.name })}
                      >
                        {t('posVsd.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('posVsd.targets.deleteOf', { name: r.name })}
                        onClick={() =>
                          remove.mutate(r, {
                            onSuccess: (a) => notify({ severity: 'success', message: a.message }),
                            onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
                          })
                        }
                      >
                        {t('posVsd.delete')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <TargetForm row={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
