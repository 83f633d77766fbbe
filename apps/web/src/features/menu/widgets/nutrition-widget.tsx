import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Add as AddIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { canAddNutrition, DEFAULT_LIST_NAME_MAP, type NutritionRow } from '@cd/core';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { NutritionRowView } from './nutrition-row';
import { emptyRow, moveRow, nameChoices, rowId } from './nutrition-rows';
import type { WidgetProps } from './types';

/**
 * The nutrition box (spec 001 §4.2, §5.2): rows of nutrient, quantity, calories and daily value. Rows are
 * reordered by drag (mouse, touch or keyboard), deleted (the nutrient returns to the choices) or cleared;
 * Add is disabled while a row has no nutrient or none is left.
 */
export function NutritionWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { lists } = useItemEditor();
  const all = lists.nutrients ?? [...DEFAULT_LIST_NAME_MAP.nutrients];
  const { control } = useFormContext<ItemFormValues>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <Controller
      control={control}
      name="nutrition"
      render={({ field }) => {
        const rows = field.value as NutritionRow[];
        const handleDragEnd = ({ active, over }: DragEndEvent) => {
          if (over && active.id !== over.id) field.onChange(moveRow(rows, String(active.id), String(over.id)));
        };
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {def.label}
            </FormLabel>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
              <SortableContext items={rows.map(rowId)} strategy={verticalListSortingStrategy}>
                <Stack spacing={1} role="list" aria-label={def.label} sx={{ mb: 1 }}>
                  {rows.map((row, index) => (
                    <NutritionRowView
                      key={rowId(row)}
                      row={row}
                      index={index}
                      choices={nameChoices(all, rows, row)}
                      disabled={disabled}
                      onChange={(next) => field.onChange(rows.map((r, i) => (i === index ? next : r)))}
                      onDelete={() => field.onChange(rows.filter((_, i) => i !== index))}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<AddIcon />}
                disabled={disabled || !canAddNutrition(rows, all)}
                onClick={() => field.onChange([...rows, emptyRow()])}
              >
                {t('editMenu.nutrition.add')}
              </Button>
              <Button size="small" disabled={disabled || rows.length === 0} onClick={() => field.onChange([])}>
                {t('editMenu.nutrition.clear')}
              </Button>
            </Stack>
          </Box>
        );
      }}
    />
  );
}
