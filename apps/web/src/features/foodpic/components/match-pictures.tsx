import { useId, useState, type DragEvent } from 'react';
import { UploadFileOutlined as UploadIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FOODPIC_MAX_FILES, type PicturePreview } from '@cd/core';
import { RestaurantPicker } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { useApplyPictures, useMatchPictures, useMenuItems, type ApplyAnswer, type MatchAnswer } from '../api';
import { formatSize } from '../format';

type Props = { restaurant: string | undefined; onRestaurant: (restaurant: string | undefined) => void };
type Item = { foodid: string; name: string };

/** The item a preview goes to unless the user chose another: its match by id or name, else none yet. */
const matchedItem = (p: PicturePreview) => (p.match.kind === 'id' || p.match.kind === 'name' ? p.match.foodid : '');
/** Checked at first: matched pictures without problems. */
const applyByDefault = (p: PicturePreview) => matchedItem(p) !== '' && p.problems.length === 0;

/**
 * Match pictures to items: choose the restaurant, drop or choose its pictures (at most FOODPIC_MAX_FILES), upload
 * them to be matched by file name; then check each picture's item (by id, by name, one of several with the same
 * name, or one searched among the menu's items when none matched), tick the ones to use and apply them.
 */
export function MatchPictures({ restaurant, onRestaurant }: Props) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [tooMany, setTooMany] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [batch, setBatch] = useState<MatchAnswer | null>(null);
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<ApplyAnswer | null>(null);
  const match = useMatchPictures();
  const apply = useApplyPictures();
  const items = useMenuItems(batch?.restaurant ?? restaurant);

  const choose = (list: FileList | File[] | null) => {
    const images = Array.from(list ?? []).filter((f) => f.type === '' || f.type.startsWith('image/'));
    setTooMany(Math.max(0, images.length - FOODPIC_MAX_FILES));
    setFiles(images.slice(0, FOODPIC_MAX_FILES));
    setBatch(null);
    setResult(null);
    match.reset();
    apply.reset();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const upload = () => {
    if (!restaurant || files.length === 0) return;
    setResult(null);
    match.mutate(
      { restaurant, files },
      {
        onSuccess: (answer) => {
          setBatch(answer);
          setPicks(Object.fromEntries(answer.previews.map((p) => [p.file, matchedItem(p)])));
          setChecked(Object.fromEntries(answer.previews.map((p) => [p.file, applyByDefault(p)])));
        },
      },
    );
  };

  const chosen = (batch?.previews ?? []).filter((p) => checked[p.file] && picks[p.file]);
  const applyChosen = () => {
    if (!batch || chosen.length === 0) return;
    apply.mutate(
      {
        batch: batch.batch,
        restaurant: batch.restaurant,
        matches: chosen.map((p) => ({ file: p.file, foodid: picks[p.file]! })),
      },
      {
        onSuccess: (answer) => {
          // The batch stays for the skipped pictures' names; the table gives way to the result.
          setResult(answer);
          setFiles([]);
        },
      },
    );
  };
  const nameOfFile = (token: string) => batch?.previews.find((p) => p.file === token)?.name ?? token;
  const startOver = () => {
    setResult(null);
    setBatch(null);
    setFiles([]);
    match.reset();
    apply.reset();
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('foodpic.match.intro', { max: FOODPIC_MAX_FILES })}</Typography>
      <RestaurantPicker
        label={t('foodpic.match.restaurant')}
        value={restaurant}
        onChange={(next) => {
          onRestaurant(next);
          setBatch(null);
          setResult(null);
        }}
      />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="foodpic-drop"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
        }}
      >
        <Typography sx={{ mb: 1 }}>{t('foodpic.match.drop')}</Typography>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadIcon />}>
          {t('foodpic.match.choose')}
          <Box
            component="input"
            id={inputId}
            type="file"
            multiple
            accept="image/*"
            // Hidden, not only visually: an input inside the button would be a control nested in a control (axe).
            hidden
            onChange={(event) => {
              choose((event.target as HTMLInputElement).files);
              (event.target as HTMLInputElement).value = '';
            }}
          />
        </Button>
        {/* Announced when it changes, but not a status: the page is not loading anything while it shows. */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {files.length
            ? t('foodpic.match.chosen', {
                count: files.length,
                size: formatSize(files.reduce((sum, f) => sum + f.size, 0)),
              })
            : t('foodpic.match.noneChosen')}
        </Typography>
      </Box>
      {tooMany > 0 && (
        <Alert severity="warning">{t('foodpic.match.tooMany', { max: FOODPIC_MAX_FILES, count: tooMany })}</Alert>
      )}
      <Box>
        <Button variant="contained" onClick={upload} disabled={!restaurant || files.length === 0 || match.isPending}>
          {match.isPending ? t('foodpic.match.uploading') : t('foodpic.match.upload', { count: files.length })}
        </Button>
        {!restaurant && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
            {t('foodpic.match.restaurantFirst')}
          </Typography>
        )}
      </Box>
      {match.isError && <Alert severity="error">{describeError(match.error, i18n)}</Alert>}

      {batch && !result && (
        <>
          <PreviewTable
            previews={batch.previews}
            items={items.data ?? []}
            itemsLoading={items.isLoading}
            picks={picks}
            checked={checked}
            onPick={(file, foodid) => {
              setPicks((all) => ({ ...all, [file]: foodid }));
              const preview = batch.previews.find((p) => p.file === file);
              if (preview && preview.problems.length === 0) setChecked((all) => ({ ...all, [file]: Boolean(foodid) }));
            }}
            onCheck={(file, on) => setChecked((all) => ({ ...all, [file]: on }))}
          />
          {apply.isError && <Alert severity="error">{describeError(apply.error, i18n)}</Alert>}
          <Box>
            <Button variant="contained" onClick={applyChosen} disabled={chosen.length === 0 || apply.isPending}>
              {t('foodpic.match.apply', { count: chosen.length })}
            </Button>
          </Box>
        </>
      )}

      {result && (
        <Alert
          severity={result.skipped.length ? 'warning' : 'success'}
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              {t('foodpic.match.more')}
            </Button>
          }
        >
          <Typography sx={{ fontWeight: 600 }}>
            {t('foodpic.match.result', {
              applied: t('foodpic.match.applied', { count: result.applied.length }),
              skipped: t('foodpic.match.skipped', { count: result.skipped.length }),
            })}
          </Typography>
          {result.skipped.length > 0 && (
            <Box component="ul" aria-label={t('foodpic.match.skippedList')} sx={{ m: 0, pl: 2.5 }}>
              {result.skipped.map((s) => (
                <li key={s.file}>{t('foodpic.match.skippedReason', { name: nameOfFile(s.file), reason: s.reason })}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Stack>
  );
}

type TableProps = {
  previews: PicturePreview[];
  items: Item[];
  itemsLoading: boolean;
  picks: Record<string, string>;
  checked: Record<string, boolean>;
  onPick: (file: string, foodid: string) => void;
  onCheck: (file: string, on: boolean) => void;
};

function PreviewTable({ previews, items, itemsLoading, picks, checked, onPick, onCheck }: TableProps) {
  const { t } = useTranslation();
  const matched = previews.filter((p) => p.match.kind === 'id' || p.match.kind === 'name').length;
  return (
    <>
      <Typography role="status">{t('foodpic.match.summary', { count: previews.length, matched: matched })}</Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('foodpic.match.previews')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">{t('foodpic.match.columns.apply')}</TableCell>
              <TableCell>{t('foodpic.match.columns.picture')}</TableCell>
              <TableCell>{t('foodpic.match.columns.file')}</TableCell>
              <TableCell sx={{ minWidth: 260 }}>{t('foodpic.match.columns.item')}</TableCell>
              <TableCell>{t('foodpic.match.columns.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {previews.map((p) => (
              <TableRow key={p.file}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={Boolean(checked[p.file])}
                    disabled={p.problems.length > 0 || !picks[p.file]}
                    onChange={(event) => onCheck(p.file, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('foodpic.match.applyOne', { name: p.name }) } }}
                  />
                </TableCell>
                <TableCell>
                  {p.thumbnail ? (
                    <Box
                      component="img"
                      src={p.thumbnail}
                      alt={p.name}
                      sx={{ width: 72, height: 54, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('foodpic.match.noThumbnail')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {p.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatSize(p.size)}
                    {p.width && p.height ? ` · ${p.width} × ${p.height}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>
                  <ItemCell
                    preview={p}
                    items={items}
                    itemsLoading={itemsLoading}
                    value={picks[p.file] ?? ''}
                    onPick={onPick}
                  />
                </TableCell>
                <TableCell>
                  {p.problems.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('foodpic.match.noProblems')}
                    </Typography>
                  ) : (
                    <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                      {p.problems.map((problem) => (
                        <Typography component="li" variant="body2" key={problem} color="error">
                          {problem}
                        </Typography>
                      ))}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

type ItemCellProps = {
  preview: PicturePreview;
  items: Item[];
  itemsLoading: boolean;
  value: string;
  onPick: (file: string, foodid: string) => void;
};

/** The item of one picture: as matched (by id or by name), one of the same-named items, or searched. */
function ItemCell({ preview, items, itemsLoading, value, onPick }: ItemCellProps) {
  const { t } = useTranslation();
  const { match } = preview;
  const label = t('foodpic.match.itemFor', { name: preview.name });
  if (match.kind === 'id' || match.kind === 'name') {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="body2">{match.name}</Typography>
        <Chip size="small" color="success" variant="outlined" label={t(`foodpic.match.kind.${match.kind}`)} />
      </Stack>
    );
  }
  if (match.kind === 'ambiguous') {
    return (
      <Stack spacing={0.5} alignItems="flex-start">
        <Chip size="small" color="warning" variant="outlined" label={t('foodpic.match.kind.ambiguous')} />
        <TextField
          select
          size="small"
          label={label}
          value={value}
          onChange={(event) => onPick(preview.file, event.target.value)}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{t('foodpic.match.chooseItem')}</MenuItem>
          {match.candidates.map((c) => (
            <MenuItem key={c.foodid} value={c.foodid}>
              {t('foodpic.match.candidate', { name: c.name, foodid: c.foodid })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    );
  }
  const selected = items.find((i) => i.foodid === value) ?? null;
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Chip size="small" color="default" variant="outlined" label={t('foodpic.match.kind.none')} />
      <Autocomplete<Item>
        options={items}
        value={selected}
        loading={itemsLoading}
        getOptionLabel={(i) => i.name}
        getOptionKey={(i) => i.foodid}
        isOptionEqualToValue={(a, b) => a.foodid === b.foodid}
        onChange={(_event, item) => onPick(preview.file, item?.foodid ?? '')}
        noOptionsText={t('foodpic.match.noItems')}
        size="small"
        sx={{ minWidth: 240 }}
        renderOption={(props, i) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              {i.name}
              <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.75rem' }}>
                {i.foodid}
              </Box>
            </li>
          );
        }}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
    </Stack>
  );
}
