import { memo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MenuFieldDef } from '@cd/core';
import type { Holds } from '../permissions';
import { FieldView } from './field-view';

const SECTIONS: MenuFieldDef['section'][] = ['basics', 'availability', 'details', 'dietary', 'nutrition', 'submenus'];
/** Widgets that need the whole width of the section. */
const WIDE = new Set([
  'textarea',
  'multi_time_range',
  'preptime_range',
  'checkbox_group',
  'day_checkboxes',
  'ingredients',
  'nutrition',
  'submenu',
  'calendar_dates',
  'days_and_dates',
  'image',
  'tags',
  'radio',
]);

/** The fields the user may see: a field with a permission shows only to those holding it (spec 001 §6). */
export function visibleFields(fields: readonly MenuFieldDef[], holds: Holds): MenuFieldDef[] {
  return fields.filter((def) => !def.permission || holds(def.permission));
}

type Props = { fields: readonly MenuFieldDef[]; holds: Holds };

/** The editor's fields by section, in the definitions' order. */
export const ItemSections = memo(function ItemSections({ fields, holds }: Props) {
  const { t } = useTranslation();
  const shown = visibleFields(fields, holds);
  return (
    <>
      {SECTIONS.map((section) => {
        const defs = shown.filter((d) => d.section === section);
        if (defs.length === 0) return null;
        return (
          <Paper
            key={section}
            component="section"
            variant="outlined"
            aria-labelledby={`menu-section-${section}`}
            sx={{ p: 2, mb: 2 }}
          >
            <Typography id={`menu-section-${section}`} variant="h6" component="h2" sx={{ mb: 2 }}>
              {t(`editMenu.sections.${section}`)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              {defs.map((def) => (
                <Box key={def.key} sx={{ gridColumn: WIDE.has(def.type) ? '1 / -1' : undefined }}>
                  <FieldView def={def} />
                </Box>
              ))}
            </Box>
          </Paper>
        );
      })}
    </>
  );
});
