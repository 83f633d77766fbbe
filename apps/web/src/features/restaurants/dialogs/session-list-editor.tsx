import { useState } from 'react';
import { Delete as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SESSION_NAMES, validateServingSlot } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { errorPaths, issueText } from '../form-validation';
import type { RestaurantFormValues } from '../form-values';

type Draft = { session: string; start: string | null; end: string | null };
const EMPTY: Draft = { session: '', start: null, end: null };
const NAME = 'options.sessionlist';

/** The restaurant's sessions (spec 000 §3 timetable rows: Breakfast, Lunch, Snacks, Dinner, Allday). */
export function SessionListEditor() {
  const { t } = useTranslation();
  const { control, setValue, clearErrors } = useFormContext<RestaurantFormValues>();
  const formState = useFormState({ control, name: NAME });
  const sessions = useWatch({ control, name: NAME }) ?? [];
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [warnings, setWarnings] = useState<Record<string, string>>({});
  const storedInvalid = errorPaths(formState.errors).some((p) => p.startsWith(`${NAME}.`));

  const save = (next: typeof sessions) => {
    setValue(NAME, next, { shouldDirty: true });
    clearErrors(NAME);
  };

  const handleAdd = () => {
    const next: Record<string, string> = {};
    if (!draft.session) next.session = t('restaurant.sessions.chooseSession');
    else if (sessions.some((s) => s.session === draft.session))
      next.session = t('restaurant.errors.duplicateEntry', { defaultValue: 'Duplicate entry' });
    for (const issue of validateServingSlot({ start: draft.start ?? '', end: draft.end ?? '', channels: ['app'] }, []))
      next[issue.field] = issueText(issue, t);
    setWarnings(next);
    if (Object.keys(next).length) return;
    save([...sessions, { session: draft.session, start_time: draft.start!, end_time: draft.end! }]);
    setDraft(EMPTY);
  };

  return (
    <Box data-field={NAME} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('restaurant.sessions.title')}
      </Typography>
      <List dense aria-label={t('restaurant.sessions.title')}>
        {sessions.length === 0 && (
          <ListItem>
            <ListItemText primary={t('restaurant.sessions.none')} />
          </ListItem>
        )}
        {sessions.map((s, index) => (
          <ListItem
            key={`${s.session}-${index}`}
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('restaurant.sessions.delete', { session: s.session })}
                onClick={() => save(sessions.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemText
              primary={`${t(`restaurant.sessions.names.${s.session}`, { defaultValue: s.session })}: ${s.start_time}–${s.end_time}`}
            />
          </ListItem>
        ))}
      </List>
      {storedInvalid && <FormHelperText error>{t('restaurant.sessions.storedInvalid')}</FormHelperText>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('restaurant.sessions.session')}
          value={draft.session}
          onChange={(e) => setDraft({ ...draft, session: e.target.value })}
          error={Boolean(warnings.session)}
          helperText={warnings.session}
          size="small"
          sx={{ minWidth: 180 }}
        >
          {SESSION_NAMES.map((name) => (
            <MenuItem key={name} value={name}>
              {t(`restaurant.sessions.names.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        <ThemedDateTimePicker
          type="time"
          label={t('restaurant.sessions.start')}
          value={draft.start}
          onChange={(start) => setDraft({ ...draft, start })}
          error={Boolean(warnings.start)}
          helperText={warnings.start}
        />
        <ThemedDateTimePicker
          type="time"
          label={t('restaurant.sessions.end')}
          value={draft.end}
          onChange={(end) => setDraft({ ...draft, end })}
          error={Boolean(warnings.end)}
          helperText={warnings.end}
        />
        <Button variant="outlined" onClick={handleAdd} sx={{ height: 40 }}>
          {t('restaurant.sessions.add')}
        </Button>
      </Box>
    </Box>
  );
}
