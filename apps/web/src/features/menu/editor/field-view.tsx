import type { ComponentType } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { foodItemFieldsSchema, type MenuFieldDef } from '@cd/core';
import { CheckboxGroupWidget } from '../widgets/checkbox-group-widget';
import { CheckboxWidget } from '../widgets/checkbox-widget';
import { ColourWidget } from '../widgets/colour-widget';
import { CalendarDatesWidget, DayCheckboxesWidget, DaysAndDatesWidget } from '../widgets/days-widgets';
import { ImageWidget } from '../widgets/image-widget';
import { IngredientsWidget } from '../widgets/ingredients-widget';
import { NumberWidget } from '../widgets/number-widget';
import { NutritionWidget } from '../widgets/nutrition-widget';
import { PrepTimeWidget } from '../widgets/preptime-widget';
import { RadioWidget } from '../widgets/radio-widget';
import { SelectWidget } from '../widgets/select-widget';
import { SubmenuWidget } from '../widgets/submenu-widget';
import { TagsWidget } from '../widgets/tags-widget';
import { TextWidget } from '../widgets/text-widget';
import { TimeRangesWidget } from '../widgets/time-ranges-widget';
import type { WidgetProps } from '../widgets/types';
import { FieldFrame } from './field-frame';

/** The widget of each field type (spec 001 §2.3). */
export const WIDGETS: Record<string, ComponentType<WidgetProps>> = {
  text: TextWidget,
  textarea: TextWidget,
  number: NumberWidget,
  integer: NumberWidget,
  currency: NumberWidget,
  multi_time_range: TimeRangesWidget,
  preptime_range: PrepTimeWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  checkbox_group: CheckboxGroupWidget,
  day_checkboxes: DayCheckboxesWidget,
  ingredients: IngredientsWidget,
  nutrition: NutritionWidget,
  submenu: SubmenuWidget,
  calendar_dates: CalendarDatesWidget,
  image: ImageWidget,
  colour: ColourWidget,
  tags: TagsWidget,
  days_and_dates: DaysAndDatesWidget,
};

/**
 * The keys a widget can edit: the item's own fields (and paths inside them, `extras.enable_as_submenu`), and
 * the days-and-dates pair that one widget edits together.
 * A field of a known type naming any other key has nothing in the form to edit.
 */
const HANDLED_KEYS = new Set([...Object.keys(foodItemFieldsSchema.shape), 'daysanddates']);

/**
 * Spec 001 §8: an input key the editor cannot handle raises an error. It is logged always; in development it is
 * thrown, so whoever added the definition sees it at once; in production the field says it cannot be shown.
 */
export function reportUnhandledKey(key: string): void {
  const error = new Error(`The item editor has no field "${key}" to edit`);
  console.error(error);
  if (import.meta.env.DEV) throw error;
}

/** One field: its widget inside its lock frame; a type this build does not know says so (editMenu.cannotParseField). */
export function FieldView({ def }: { def: MenuFieldDef }) {
  const { t } = useTranslation();
  const Widget = Object.hasOwn(WIDGETS, def.type) ? WIDGETS[def.type] : undefined;
  // An unknown type is a definition from a newer build: it says so. A known type with a key no widget can
  // edit is a mistake in this build: it raises an error.
  const handled = !Widget || HANDLED_KEYS.has(def.key.split('.')[0] ?? '');
  if (!handled) reportUnhandledKey(def.key);
  if (!Widget || !handled) {
    return (
      <Typography color="error" variant="body2" data-field={def.key}>
        {t('editMenu.cannotParseField', { label: def.label })}
      </Typography>
    );
  }
  return <FieldFrame def={def}>{(disabled) => <Widget def={def} disabled={disabled} />}</FieldFrame>;
}
