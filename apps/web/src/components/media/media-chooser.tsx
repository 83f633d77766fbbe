import { useCallback, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { assertMediaGuide, mediaTypeOfItem, type ImageManagerItem, type MediaGuide } from '@cd/core';
import { MediaLibrary } from './media-library';
import { fromChooserValue, isEnterableUrl, sameMedia, toChooserValue } from './media-url';

/** The general media library (page "upload images") unless the caller names another imagemanager action. */
export const DEFAULT_CHOOSER_ACTION = 'media';
export const DEFAULT_CHOOSER_VALUE = 'general';

export type MediaChooserProps = {
  id: string;
  header: string;
  /** A url (single) or a list of urls (multiSelect). */
  onChange: (value: string | string[]) => void;
  guide: MediaGuide;
  value?: string | string[] | null;
  /** Required when value is a list; cannot be combined with customBaseUrl or urlWithoutBase. */
  multiSelect?: boolean;
  /** Hand out urls under this base instead of the server's. */
  customBaseUrl?: string;
  /** Hand out paths without any base ('files/media/….png'). */
  urlWithoutBase?: boolean;
  /** imagemanager action/value (spec 001 §7) the library lists and uploads to. */
  action?: string;
  actionValue?: string;
  disabled?: boolean;
  /** Whether an upload says "uploaded" (spec 001 §7: submenu option images only refresh the list). */
  notifyUploadSuccess?: boolean;
};

/** Spec 000 §5: the chooser's required props and forbidden combinations; breaking them is a programming error. */
export function assertMediaChooserProps(props: Partial<MediaChooserProps>): void {
  const missing = (['id', 'header', 'onChange', 'guide'] as const).filter((k) =>
    k === 'onChange' ? typeof props.onChange !== 'function' : !props[k],
  );
  if (missing.length)
    throw new Error(`MediaChooser: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`);
  assertMediaGuide(props.guide);
  if (Array.isArray(props.value) && !props.multiSelect) {
    throw new Error('MediaChooser: multiSelect is required when value is an array');
  }
  if (props.multiSelect && (props.customBaseUrl || props.urlWithoutBase)) {
    throw new Error('MediaChooser: multiSelect cannot be combined with customBaseUrl or urlWithoutBase');
  }
}

const lastSegment = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() || url);

function Preview({ url }: { url: string }) {
  const type = mediaTypeOfItem({ url });
  return type === 'video' ? (
    <Box component="video" src={url} muted preload="metadata" sx={{ width: 96, height: 72, objectFit: 'cover' }} />
  ) : (
    <Box component="img" src={url} alt={lastSegment(url)} sx={{ width: 96, height: 72, objectFit: 'cover' }} />
  );
}

/**
 * Spec 000 §2.4 media chooser: shows the chosen media and opens a dialog to pick, search, upload, edit
 * and save images or videos, or enter a URL. A tile toggles; multi-select toggles membership; Save is
 * disabled until something is chosen.
 */
export function MediaChooser(props: MediaChooserProps) {
  assertMediaChooserProps(props);
  const {
    id,
    header,
    onChange,
    guide,
    value,
    multiSelect = false,
    customBaseUrl,
    urlWithoutBase,
    action = DEFAULT_CHOOSER_ACTION,
    actionValue = DEFAULT_CHOOSER_VALUE,
    disabled = false,
  } = props;
  const { t } = useTranslation();
  const headerId = useId();
  const dialogTitleId = useId();
  const options = { customBaseUrl, urlWithoutBase };
  const current = (Array.isArray(value) ? value : value ? [value] : []).map((v) => fromChooserValue(v, options));

  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const [urlText, setUrlText] = useState('');
  const urlValid = isEnterableUrl(urlText);

  const openDialog = () => {
    setSelection(current);
    setUrlText('');
    setOpen(true);
  };

  const toggle = useCallback(
    (url: string) =>
      setSelection((sel) => {
        const has = sel.some((u) => sameMedia(u, url));
        if (multiSelect) return has ? sel.filter((u) => !sameMedia(u, url)) : [...sel, url];
        return has ? [] : [url];
      }),
    [multiSelect],
  );
  const isSelected = useCallback(
    (item: ImageManagerItem) => selection.some((u) => sameMedia(u, item.url)),
    [selection],
  );
  const toggleItem = useCallback((item: ImageManagerItem) => toggle(item.url), [toggle]);
  const dropItem = useCallback(
    (item: ImageManagerItem) => setSelection((sel) => sel.filter((u) => !sameMedia(u, item.url))),
    [],
  );

  const addUrl = () => {
    const url = urlText.trim();
    if (!isEnterableUrl(url)) return;
    setSelection((sel) => (multiSelect ? (sel.some((u) => sameMedia(u, url)) ? sel : [...sel, url]) : [url]));
    setUrlText('');
  };

  const save = () => {
    const values = selection.map((u) => toChooserValue(u, options));
    onChange(multiSelect ? values : (values[0] ?? ''));
    setOpen(false);
  };

  return (
    <Box id={id} role="group" aria-labelledby={headerId}>
      <Typography id={headerId} variant="subtitle1" gutterBottom>
        {header}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }} aria-label={t('media.chooser.preview')}>
        {current.length === 0 ? (
          <Typography color="text.secondary">{t('media.chooser.none')}</Typography>
        ) : (
          current.map((url) => <Preview key={url} url={url} />)
        )}
      </Stack>
      <Button variant="outlined" onClick={openDialog} disabled={disabled} aria-describedby={headerId}>
        {current.length ? t('media.chooser.change') : t('media.chooser.choose')}
      </Button>

      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={dialogTitleId} maxWidth="md" fullWidth>
        <DialogTitle id={dialogTitleId}>{header}</DialogTitle>
        <DialogContent dividers>
          <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mb: 1.5 }}>
            <TextField
              size="small"
              label={t('media.chooser.url')}
              value={urlText}
              onChange={(e) => setUrlText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') addUrl();
              }}
              error={urlText.trim() !== '' && !urlValid}
              helperText={urlText.trim() !== '' && !urlValid ? t('media.chooser.invalidUrl') : ' '}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" onClick={addUrl} disabled={!urlValid}>
              {t('media.chooser.useUrl')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }} alignItems="center">
            <Typography variant="body2" role="status">
              {t('media.chooser.selected', { count: selection.length })}
            </Typography>
            {selection.map((url) => (
              <Chip key={url} size="small" label={lastSegment(url)} title={url} onDelete={() => toggle(url)} />
            ))}
          </Stack>
          {open && (
            <MediaLibrary
              action={action}
              value={actionValue}
              guide={guide}
              isSelected={isSelected}
              onToggle={toggleItem}
              onDeleted={dropItem}
              notifyUploadSuccess={props.notifyUploadSuccess ?? true}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('media.common.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={selection.length === 0}>
            {t('media.chooser.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
