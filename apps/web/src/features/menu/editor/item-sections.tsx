import { memo, startTransition, useEffect, useState } from 'react';
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

type Props = {
  fields: readonly MenuFieldDef[];
  holds: Holds;
  /** Render the first section at once and the others just after it is on screen (ItemForm's `deferLaterSections`). */
  deferLater?: boolean;
};

/**
 * The first section first: true once the sections after it may render. They follow in a transition started after
 * the first section's frame, so opening the editor waits for the first section's widgets only (issue 11: all of
 * them at once, date and time pickers included, took most of a second) and typing stays responsive meanwhile.
 */
function useLaterSections(defer: boolean): boolean {
  const [later, setLater] = useState(!defer);
  useEffect(() => {
    if (later) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame that paints the first section, then a task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLater(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [later]);
  return later;
}

/** The editor's fields by section, in the definitions' order. */
export const ItemSections = memo(function ItemSections({ fields, holds, deferLater = false }: Props) {
  const { t } = useTranslation();
  const shown = visibleFields(fields, holds);
  const later = useLaterSections(deferLater);
  const sections = SECTIONS.filter((section) => shown.some((d) => d.section === section));
  return (
    <>
      {sections.map((section, index) => {
        const defs = shown.filter((d) => d.section === section);
        if (index > 0 && !later) return null;
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
