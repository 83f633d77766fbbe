import {
  DeleteOutline as DeleteOutlineIcon,
  EditOutlined as EditOutlinedIcon,
  VisibilityOutlined as VisibilityOutlinedIcon,
} from '../icons';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A row's Edit action, named after the row ("Edit <name>") for screen readers and tests. */
export function EditRowButton({ name, label: own, onClick }: { name: string; label?: string; onClick: () => void }) {
  const { t } = useTranslation();
  const label = own ?? t('resource.edit', { name });
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

type DeleteProps = { name: string; onClick: () => void; disabled?: boolean; blockedBecause?: string };

/** A row's Delete action; when the row cannot be deleted it stays visible, off, and says why. */
export function DeleteRowButton({ name, onClick, disabled, blockedBecause = '' }: DeleteProps) {
  const { t } = useTranslation();
  const label = t('resource.delete', { name });
  return (
    <Tooltip title={blockedBecause || label}>
      {/* A disabled button gets no pointer events; the span keeps the reason reachable. */}
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled || blockedBecause !== ''}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A row's Open action: its read-only detail (`?view=<id>`), labelled by the page ("Open order 42"). */
export function OpenRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
