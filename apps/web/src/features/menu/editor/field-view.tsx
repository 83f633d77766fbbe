import type { ComponentType } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MenuFieldDef } from '@cd/core';
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

/** One field: its widget inside its lock frame; a type this build does not know says so (editMenu.cannotParseField). */
export function FieldView({ def }: { def: MenuFieldDef }) {
  const { t } = useTranslation();
  const Widget = Object.hasOwn(WIDGETS, def.type) ? WIDGETS[def.type] : undefined;
  if (!Widget) {
    return (
      <Typography color="error" variant="body2" data-field={def.key}>
        {t('editMenu.cannotParseField', { label: def.label })}
      </Typography>
    );
  }
  return <FieldFrame def={def}>{(disabled) => <Widget def={def} disabled={disabled} />}</FieldFrame>;
}
