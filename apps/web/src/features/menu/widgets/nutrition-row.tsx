import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Delete as DeleteIcon, DragIndicator as DragIndicatorIcon } from '../../../components/icons';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { NutritionRow } from '@cd/core';
import { rowId } from './nutrition-rows';

type Props = {
  row: NutritionRow;
  index: number;
  choices: string[];
  disabled: boolean;
  onChange: (row: NutritionRow) => void;
  onDelete: () => void;
};

/** One nutrition row: a drag handle, the nutrient, quantity, calories, daily value, and delete. */
export function NutritionRowView({ row, index, choices, disabled, onChange, onDelete }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: rowId(row),
    disabled,
  });
  const name = row.name || t('editMenu.nutrition.row', { n: index + 1 });
  const text = (key: 'quantity' | 'calories' | 'dailyValue') => (
    <TextField
      size="small"
      label={t(`editMenu.nutrition.${key}`)}
      value={row[key]}
      disabled={disabled}
      onChange={(e) => onChange({ ...row, [key]: e.target.value.slice(0, 30) })}
      slotProps={{ htmlInput: { 'aria-label': t(`editMenu.nutrition.${key}Of`, { name }) } }}
      sx={{ width: 130 }}
    />
  );
  return (
    <Paper
      ref={setNodeRef}
      role="listitem"
      aria-label={name}
      variant="outlined"
      data-nutrient={row.name}
      sx={{
        p: 1,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        disabled={disabled}
        sx={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
        aria-label={t('editMenu.nutrition.drag', { name })}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <TextField
        select
        size="small"
        required
        label={t('editMenu.nutrition.name')}
        value={row.name}
        disabled={disabled}
        error={row.name === ''}
        onChange={(e) => onChange({ ...row, name: e.target.value })}
        sx={{ width: 180 }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice}
          </MenuItem>
        ))}
      </TextField>
      {text('quantity')}
      {text('calories')}
      {text('dailyValue')}
      <IconButton
        size="small"
        disabled={disabled}
        aria-label={t('editMenu.nutrition.remove', { name })}
        onClick={onDelete}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
