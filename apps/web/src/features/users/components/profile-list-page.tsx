import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { PROFILE_SORT, type ProfileView } from '@cd/core';
import { useSnackbar } from '../../../components';
import { LastChanged, ResourceListPage, type FormRenderProps, type ResourceColumn } from '../../../components/resource';
import { listUrlState } from '../../../lib/list-url-state';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import type { ListApi } from '../../../lib/resource-api';
import type { ProfileApi } from '../profile-api';
import { ApplyToUsersDialog } from './apply-to-users-dialog';

/** ?edit=<id> opens a profile's form, ?action=new a new one, &dialog=delete|apply its dialogs. */
const profilesUrl = listUrlState({ sort: PROFILE_SORT, dialogs: ['delete', 'apply'] as const });

type Props<T extends object> = {
  api: ListApi<ProfileView<T>> & Pick<ProfileApi<T, object>, 'useApply'>;
  title: string;
  createLabel: string;
  /** What a profile gives, in a column. */
  summaryHeading: string;
  summary: (profile: ProfileView<T>) => ReactNode;
  /** What applying does to the chosen users. */
  applyExplanation: string;
  renderForm: (props: FormRenderProps<ProfileView<T>>) => ReactNode;
};

/** /permission-profile and /siteprofile: named sets of rights, edited in a drawer and applied to users. */
export function ProfileListPage<T extends object>({ api, summary, ...props }: Props<T>) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const url = useUrlState(profilesUrl);
  const apply = api.useApply();
  const columns: ResourceColumn<ProfileView<T>>[] = [
    {
      id: 'name',
      header: t('users.profiles.name'),
      sortable: true,
      primary: true,
      cell: (p) => (
        <Link component="button" type="button" underline="hover" onClick={() => url.update({ edit: String(p.id) })}>
          {p.name}
        </Link>
      ),
    },
    { id: 'summary', header: props.summaryHeading, cell: summary },
    { id: 'updated_at', header: t('users.list.lastChanged'), sortable: true, cell: (p) => <LastChanged row={p} /> },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={props.title}
        api={api}
        url={url}
        columns={columns}
        listLabel={props.title}
        rowName={(p) => p.name}
        searchLabel={t('users.profiles.search')}
        createLabel={props.createLabel}
        empty={t('users.profiles.empty')}
        rowActions={(p, open) => (
          <Button size="small" onClick={() => open('apply')} aria-label={t('users.profiles.applyTo', { name: p.name })}>
            {t('users.profiles.apply')}
          </Button>
        )}
        deletion={{
          title: (p) => t('users.profiles.deleteTitle', { name: p.name }),
          text: () => t('users.profiles.deleteText'),
        }}
        renderForm={props.renderForm}
        renderDialog={({ row, onClose }) => (
          <ApplyToUsersDialog
            title={t('users.apply.title', { name: row.name })}
            explanation={props.applyExplanation}
            pending={apply.isPending}
            onApply={(userids) =>
              apply.mutate(
                { id: row.id, userids },
                {
                  onSuccess: (answer) => {
                    snackbar.show(answer.message || t('users.form.saved'), 'success');
                    onClose();
                  },
                  onError: (error) => snackbar.show(describeError(error, i18n), 'error'),
                },
              )
            }
            onClose={onClose}
          />
        )}
      />
    </Box>
  );
}
