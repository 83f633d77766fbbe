import { useEffect } from 'react';
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
import {
  ArrowDownward as ArrowDownwardIcon,
  ArrowUpward as ArrowUpwardIcon,
  DeleteOutline as DeleteIcon,
  DragIndicator as DragIndicatorIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { get, useFieldArray, useFormState, useWatch, type FieldArrayWithId } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BANNER_LIMITS, BANNER_LINK_TYPES, IMAGE_MANAGER_ACTIONS } from '@cd/core';
import { MediaChooser } from '../../../components/media';
import { FormNumberField, FormTextField } from '../../../components/resource';
import type { ProgramInput } from '../api';
import { bannerName, newBanner, type ProgramFormApi } from '../program-values';

/** The banners' own library in the image manager (action banners, page bannerPrograms). */
export const BANNER_MEDIA_ACTION = 'banners';
export const BANNER_MEDIA_VALUE = 'banners';

type Field = FieldArrayWithId<ProgramInput, 'banners', 'key'>;

type Props = { form: ProgramFormApi; readOnly: boolean };

/**
 * A program's banners in the order they show: "Add banner" chooses images or videos from the banners' library
 * (each becomes a banner); each row has its thumbnail, alt text, what it opens and for how long it shows, and is
 * moved by its drag handle (mouse, touch or keyboard) or by Move up / Move down.
 */
export function BannerRows({ form, readOnly }: Props) {
  const { t } = useTranslation();
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'banners', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'banners' });
  const listError = get(errors, 'banners') as { message?: string; root?: { message?: string } } | undefined;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.key === active.id);
    const to = fields.findIndex((f) => f.key === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  const room = BANNER_LIMITS.banners - fields.length;

  return (
    <Stack spacing={1.5}>
      {fields.length === 0 && <Typography color="text.secondary">{t('banners.form.noBanners')}</Typography>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
        <SortableContext items={fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <Box component="ol" aria-label={t('banners.form.bannerList')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {fields.map((field, index) => (
              <BannerRow
                key={field.key}
                field={field}
                index={index}
                count={fields.length}
                form={form}
                readOnly={readOnly}
                onMove={move}
                onRemove={remove}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {(listError?.message || listError?.root?.message) && (
        <FormHelperText error>{listError.message || listError.root?.message}</FormHelperText>
      )}
      {!readOnly && (
        // The chooser's own preview stays hidden: each chosen item becomes a banner row above.
        <Box sx={{ '& [aria-label="Chosen media"]': { display: 'none' } }}>
          <MediaChooser
            id="banner-add"
            header={t('banners.form.addBanner')}
            guide={IMAGE_MANAGER_ACTIONS[BANNER_MEDIA_ACTION]!.guide}
            action={BANNER_MEDIA_ACTION}
            actionValue={BANNER_MEDIA_VALUE}
            multiSelect
            value={[]}
            disabled={room <= 0}
            onChange={(value) => {
              const chosen = (Array.isArray(value) ? value : [value]).filter(Boolean).slice(0, Math.max(room, 0));
              if (chosen.length) append(chosen.map(newBanner));
            }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('banners.form.room', { count: Math.max(room, 0), max: BANNER_LIMITS.banners })}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}

type RowProps = {
  field: Field;
  index: number;
  count: number;
  form: ProgramFormApi;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

function BannerRow({ field, index, count, form, readOnly, onMove, onRemove }: RowProps) {
  const { t } = useTranslation();
  const { control } = form;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.key,
    disabled: readOnly,
  });
  const [alt, linkType, link] = useWatch({
    control,
    name: [`banners.${index}.alt`, `banners.${index}.link_type`, `banners.${index}.link`],
  });
  // A banner that opens nothing keeps no link (the field is gone, so nothing stale is sent).
  useEffect(() => {
    if (linkType === 'none' && link) form.setValue(`banners.${index}.link`, '', { shouldDirty: true });
  }, [form, index, link, linkType]);
  const position = index + 1;
  const name = bannerName({ alt }, index, (n) => t('banners.form.bannerN', { position: n }));
  const groupName = t('banners.form.bannerN', { position });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      role="group"
      aria-label={groupName}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : 'auto',
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        mb: 1,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Stack alignItems="center" spacing={0.5}>
        <IconButton
          ref={setActivatorNodeRef}
          size="small"
          disabled={readOnly}
          sx={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
          aria-label={t('banners.form.drag', { name })}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Typography variant="caption" aria-hidden>
          {position}
        </Typography>
      </Stack>
      <Thumbnail media={field.media} type={field.media_type ?? 'image'} alt={alt ?? ''} />
      <Box sx={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 1.5, minWidth: 0 }}>
        <FormTextField
          control={control}
          name={`banners.${index}.alt`}
          label={t('banners.form.alt')}
          hint={t('banners.form.altHint')}
          size="small"
          disabled={readOnly}
          sx={{ flex: '2 1 220px' }}
          slotProps={{ htmlInput: { maxLength: BANNER_LIMITS.alt } }}
        />
        <FormNumberField
          control={control}
          name={`banners.${index}.seconds`}
          label={t('banners.form.seconds')}
          whole
          size="small"
          disabled={readOnly}
          sx={{ flex: '0 1 110px' }}
        />
        <FormTextField
          control={control}
          name={`banners.${index}.link_type`}
          label={t('banners.form.linkType')}
          select
          size="small"
          disabled={readOnly}
          sx={{ flex: '1 1 150px' }}
        >
          {BANNER_LINK_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`banners.linkType.${type}`)}
            </MenuItem>
          ))}
        </FormTextField>
        {linkType !== 'none' && (
          <FormTextField
            control={control}
            name={`banners.${index}.link`}
            label={t('banners.form.link')}
            hint={t(`banners.linkHint.${linkType ?? 'none'}`)}
            size="small"
            disabled={readOnly}
            sx={{ flex: '2 1 220px' }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </Box>
      {!readOnly && (
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t('banners.form.moveUp')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('banners.form.moveUp')}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('banners.form.moveDown')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('banners.form.moveDown')}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('banners.form.remove')}>
            <IconButton size="small" aria-label={t('banners.form.remove')} onClick={() => onRemove(index)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
    </Box>
  );
}

/** A banner's picture or the first frame of its video, small. */
export function Thumbnail({ media, type, alt }: { media: string; type: 'image' | 'video'; alt: string }) {
  const sx = { width: 96, height: 64, objectFit: 'cover', borderRadius: 0.5, bgcolor: 'action.hover', flexShrink: 0 };
  return type === 'video' ? (
    <Box component="video" src={media} muted preload="metadata" aria-label={alt || undefined} sx={sx} />
  ) : (
    <Box component="img" src={media} alt={alt} sx={sx} />
  );
}
