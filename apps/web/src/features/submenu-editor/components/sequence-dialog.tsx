import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DragIndicator as DragIndicatorIcon } from '../../../components/icons';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { reorder } from '@cd/core';

type Props = {
  /** Option names in their current order; the dialog is open while this is set. */
  names: string[] | null;
  onDone: (order: string[]) => void;
  onCancel: () => void;
};

function SortableRow({ name, index }: { name: string; index: number }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: name,
  });
  return (
    <ListItem
      ref={setNodeRef}
      data-sequence-index={index}
      divider
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        edge="start"
        sx={{ mr: 1, cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
        aria-label={t('submenu.editor.sequence.handle', { name })}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <ListItemText primary={name} />
    </ListItem>
  );
}

/** The edit-sequence dialog (spec 001 §2.4): drag (mouse, touch or keyboard) to order; Done applies, Cancel discards. */
export function SequenceDialog({ names, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<string[]>([]);
  const [openedWith, setOpenedWith] = useState<string[] | null>(null);
  // A new opening starts from the order it was opened with.
  if (names !== openedWith) {
    setOpenedWith(names);
    setOrder(names ?? []);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((list) => reorder(list, list.indexOf(String(active.id)), list.indexOf(String(over.id))));
  };
  return (
    <Dialog open={names !== null} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="submenu-sequence-title">
      <DialogTitle id="submenu-sequence-title">{t('submenu.editor.sequence.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('submenu.editor.sequence.help')}
        </Typography>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <List dense aria-label={t('submenu.editor.sequence.list')}>
              {order.map((name, index) => (
                <SortableRow key={name} name={name} index={index} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('submenu.editor.cancel')}</Button>
        <Button variant="contained" onClick={() => onDone(order)}>
          {t('submenu.editor.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
