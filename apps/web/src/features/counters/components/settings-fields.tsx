import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CLOUD_CARD_OPTIONS, COUNTER_CHANNELS, COUNTER_MODES, OPTION_TYPES } from '@cd/core';
import type { SettingsForm } from '../settings-form';
import { CheckGroup } from '../../../components/check-group';
import { CustomInputsField } from './custom-inputs-field';

/**
 * A counter's settings (spec 000 §3), as a template gives them and a counter holds them: the mode (Default /
 * Live Counter / Buffet), option types, custom inputs, cloud card option and channels.
 */
export function SettingsFields({ form, heading }: { form: SettingsForm; heading?: string }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {heading && (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Controller
          control={control}
          name="settings.mode"
          render={({ field }) => (
            <TextField
              select
              label={t('counters.settings.mode')}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              helperText={t('counters.settings.modeHint')}
              sx={{ minWidth: 220 }}
            >
              {COUNTER_MODES.map((m) => (
                <MenuItem key={m.value} value={m.value}>
                  {t(`counters.mode.${m.value}`, { defaultValue: m.label })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="settings.cloud_card"
          render={({ field }) => (
            <TextField
              select
              label={t('counters.settings.cloudCard')}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              sx={{ minWidth: 260 }}
            >
              {CLOUD_CARD_OPTIONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`counters.cloudCard.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Controller
        control={control}
        name="settings.option_types"
        render={({ field, fieldState }) => (
          <CheckGroup
            label={t('counters.settings.optionTypes')}
            values={OPTION_TYPES}
            name={(value) => t(`counters.optionType.${value}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="settings.channels"
        render={({ field, fieldState }) => (
          <CheckGroup
            label={t('counters.settings.channels')}
            values={COUNTER_CHANNELS}
            name={(value) => t(`counters.channel.${value}`)}
            checked={field.value ?? []}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <CustomInputsField form={form} />
    </Box>
  );
}
