import { Add as AddIcon, DeleteOutline as DeleteOutlineIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GROUP_DEFAULT_KIND, GROUP_KINDS, REPORT_GROUPS, type ReportGroup } from '@cd/core';
import { FormTextField, ResourceFormDialog } from '../../../components/resource';
import { fetchDefinitions, useSaveDefinitions, type ClientDefinition } from '../api';
import { listsFormSchema, toListValues, type ListsValues } from './definitions-form';

type Props = { definition: ClientDefinition; onClose: () => void };

/**
 * Edit report lists (admin): a client's reports in each of the three groups, by key (also the report's
 * permission), label and kind; saved whole with the version edited, so a list someone else saved meanwhile is
 * not overwritten (the frame's conflict notice, Reload).
 */
export function DefinitionsDialog({ definition, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveDefinitions();
  return (
    <ResourceFormDialog
      row={definition}
      onClose={onClose}
      reload={async () => (await fetchDefinitions()).find((c) => c.client === definition.client) ?? null}
      title={t('reports.definitions.title', { client: definition.name })}
      subtitle={t('reports.definitions.intro')}
      variant="drawer"
      width={860}
      schema={listsFormSchema}
      toValues={toListValues}
      save={(values, version) =>
        save
          .mutateAsync({ client: definition.client, version, reportListJSON: values.reportListJSON })
          .then((answer) => ({ message: answer.message ?? '' }))
      }
    >
      {(form) => (
        <>
          {REPORT_GROUPS.map((group) => (
            <GroupEditor key={group} group={group} control={form.control} />
          ))}
        </>
      )}
    </ResourceFormDialog>
  );
}

function GroupEditor({ group, control }: { group: ReportGroup; control: Control<ListsValues, unknown, unknown> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: `lists.${group}` });
  const groupLabel = t(`reports.groups.${group}.title`);
  return (
    <Box component="section" aria-label={groupLabel}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {groupLabel}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('reports.definitions.none')}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`lists.${group}.${index}.key`}
            label={t('reports.definitions.key')}
            size="small"
            sx={{ width: 200 }}
          />
          <FormTextField
            control={control}
            name={`lists.${group}.${index}.label`}
            label={t('reports.definitions.label')}
            size="small"
            sx={{ flex: '1 1 200px' }}
          />
          <FormTextField
            control={control}
            name={`lists.${group}.${index}.kind`}
            label={t('reports.definitions.kind')}
            size="small"
            select
            sx={{ width: 220 }}
          >
            <MenuItem value="">
              {t('reports.definitions.defaultKind', { kind: t(`reports.kinds.${GROUP_DEFAULT_KIND[group]}`) })}
            </MenuItem>
            {GROUP_KINDS[group].map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`reports.kinds.${kind}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <IconButton
            aria-label={t('reports.definitions.remove', { group: groupLabel, number: index + 1 })}
            onClick={() => remove(index)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => append({ key: '', label: '', kind: '' })}>
        {t('reports.definitions.add', { group: groupLabel })}
      </Button>
    </Box>
  );
}
