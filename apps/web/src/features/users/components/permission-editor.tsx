import { useState } from 'react';
import { ExpandLess as ExpandLessIcon, ExpandMore as ExpandMoreIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EditorGrants } from '../editor-grants';
import {
  finePermissionsOf,
  groupLabelKeys,
  PAGE_GROUPS,
  pageLabelKeys,
  setFinePermission,
  setGroup,
  setPage,
  setReadOnly,
  type PageGroup,
  type PermissionSetValue,
} from '../permission-set';

export type PermissionEditorErrors = Partial<Record<keyof PermissionSetValue, string>>;

type Props = {
  value: PermissionSetValue;
  onChange: (next: PermissionSetValue) => void;
  grants: Pick<EditorGrants, 'canGrantAdmin' | 'canGrantPage' | 'canGrantPermission'>;
  errors?: PermissionEditorErrors;
  disabled?: boolean;
  /** The report permissions each report page offers (useReportPermissions); none when not given. */
  reportPermissions?: ReadonlyMap<string, readonly { key: string; label: string }[]>;
};

/**
 * Admin flag, page permissions grouped by navigation group, each page's fine permissions under it and its
 * read-only mark beside it. What the editor may not give is shown but cannot be ticked; what the user already
 * has may still be taken away.
 */
export function PermissionEditor({ value, onChange, grants, errors = {}, disabled = false, reportPermissions }: Props) {
  const { t } = useTranslation();
  const error = errors.admin ?? errors.pagepermissionaccess ?? errors.permissions ?? errors.read_only_access;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={value.admin}
            disabled={disabled || (!grants.canGrantAdmin && !value.admin)}
            onChange={(_e, on) => onChange({ ...value, admin: on })}
          />
        }
        label={t('users.permissionEditor.admin')}
      />
      <FormHelperText sx={{ mt: 0, mb: 2 }}>{t('users.permissionEditor.adminHelp')}</FormHelperText>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('users.permissionEditor.pages')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('users.permissionEditor.pagesHelp', { count: value.pagepermissionaccess.length })}
      </Typography>
      {error && (
        <FormHelperText error role="alert" sx={{ mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      {PAGE_GROUPS.map((group) => (
        <PageGroupSection
          key={group.id}
          group={group}
          value={value}
          onChange={onChange}
          grants={grants}
          disabled={disabled}
          reportPermissions={reportPermissions}
        />
      ))}
    </Box>
  );
}

type GroupProps = Omit<Props, 'errors'> & { group: PageGroup };

function PageGroupSection({ group, value, onChange, grants, disabled, reportPermissions }: GroupProps) {
  const { t } = useTranslation();
  const given = group.pages.filter((p) => value.pagepermissionaccess.includes(p)).length;
  // Groups with pages given start open; the rest stay folded so a long list stays readable.
  const [open, setOpen] = useState(given > 0);
  const groupLabel = t(groupLabelKeys(group.id));
  const grantable = group.pages.some((p) => grants.canGrantPage(p));
  return (
    <Box component="section" aria-label={groupLabel} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 0.5, pr: 2 }}>
        <IconButton
          size="small"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-label={t(open ? 'users.permissionEditor.hidePages' : 'users.permissionEditor.showPages', {
            group: groupLabel,
          })}
        >
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
        <FormControlLabel
          sx={{ flex: 1 }}
          control={
            <Checkbox
              checked={given === group.pages.length}
              indeterminate={given > 0 && given < group.pages.length}
              disabled={disabled || !grantable}
              onChange={(_e, on) => onChange(setGroup(value, group, on, grants))}
              slotProps={{ input: { 'aria-label': t('users.permissionEditor.wholeGroup', { group: groupLabel }) } }}
            />
          }
          label={<Typography sx={{ fontWeight: 700 }}>{groupLabel}</Typography>}
        />
        <Typography variant="body2" color="text.secondary">
          {t('users.permissionEditor.groupCount', { given, total: group.pages.length })}
        </Typography>
      </Box>
      {open && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, px: 2, pb: 1 }}>
          {group.pages.map((page) => (
            <PageItem
              key={page}
              page={page}
              value={value}
              onChange={onChange}
              grants={grants}
              disabled={disabled}
              reportPermissions={reportPermissions}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

type PageProps = Omit<Props, 'errors'> & { page: string };

function PageItem({ page, value, onChange, grants, disabled, reportPermissions }: PageProps) {
  const { t } = useTranslation();
  const label = t(pageLabelKeys(page), { defaultValue: page });
  const given = value.pagepermissionaccess.includes(page);
  // What the user already has may be taken away even by an editor who could not give it (server rule).
  const canChange = !disabled && (given || grants.canGrantPage(page));
  // Fixed fine permissions, then the report permissions the clients' report lists give this page (spec 000 §6).
  const reports = reportPermissions?.get(page) ?? [];
  const fine = [
    ...finePermissionsOf(page).map((key) => ({
      key,
      label: t(`users.permissionEditor.fineNames.${key}`, { defaultValue: key }),
    })),
    ...reports.map((r) => ({ key: r.key, label: t('users.permissionEditor.reportNamed', { label: r.label }) })),
  ];
  return (
    <Box sx={{ py: 0.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={given}
              disabled={!canChange}
              onChange={(_e, on) => onChange(setPage(value, page, on, grants))}
            />
          }
          label={label}
        />
        {given && (
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={value.read_only_access.includes(page)}
                disabled={disabled}
                onChange={(_e, on) => onChange(setReadOnly(value, page, on))}
                slotProps={{ input: { 'aria-label': t('users.permissionEditor.readOnlyOf', { page: label }) } }}
              />
            }
            label={<Typography variant="body2">{t('users.permissionEditor.readOnly')}</Typography>}
          />
        )}
      </Box>
      {fine.length > 0 && (
        <Box sx={{ display: 'flex', flexDirection: 'column', pl: 4 }}>
          {fine.map(({ key: permission, label: permissionLabel }) => (
            <FormControlLabel
              key={permission}
              control={
                <Checkbox
                  size="small"
                  checked={value.permissions.includes(permission)}
                  disabled={
                    disabled ||
                    !given ||
                    (!value.permissions.includes(permission) && !grants.canGrantPermission(permission))
                  }
                  onChange={(_e, on) => onChange(setFinePermission(value, permission, on))}
                />
              }
              label={<Typography variant="body2">{permissionLabel}</Typography>}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
