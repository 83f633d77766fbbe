import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  Code as CodeIcon,
  FormatBold as FormatBoldIcon,
  FormatItalic as FormatItalicIcon,
  FormatListBulleted as FormatListBulletedIcon,
  FormatListNumbered as FormatListNumberedIcon,
  GridOn as GridOnIcon,
  InsertLink as InsertLinkIcon,
} from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { useTranslation } from 'react-i18next';
import { GENERAL_MEDIA_GUIDE, SAFE_LINK, safeLink } from '@cd/core';
import { MediaChooser } from '../../../components/media';
import { cleanMarkup, sameMarkup } from '../markup';

/** The HTML pages' own library in the image manager (IMAGE_MANAGER_ACTIONS.htmlmanager). */
const IMAGE_ACTION = 'htmlmanager';
const IMAGE_VALUE = 'pages';

export type RichTextEditorProps = {
  /** The editing area's accessible name. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
};

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    // Links the content may carry (core's SAFE_LINK); no target/rel of the editor's own.
    link: {
      openOnClick: false,
      autolink: true,
      HTMLAttributes: { target: null, rel: null },
      isAllowedUri: (url) => SAFE_LINK.test(url),
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];

/**
 * The HTML pages' rich-text editor (tiptap 3; loaded with the editor only): bold, italic, headings, lists, links,
 * tables, images from the media library, and a Source view of the raw HTML. The server cleans what is saved.
 */
export default function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const helperId = useId();
  const [source, setSource] = useState(false);
  // The page holds markup the visual editor would drop on the first edit: it is edited in Source instead.
  const [lossy, setLossy] = useState(false);
  // The HTML last handed out or taken in: a value from outside (a save, a restore) replaces the content.
  const known = useRef(value);
  const ready = useRef(false);
  // Never the raw markup: cleaned in an inert document first (issue 35); the editor reads it once, as it starts.
  const [initial] = useState(() => cleanMarkup(value));
  const editor = useEditor({
    extensions,
    content: initial,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(helperText ? { 'aria-describedby': helperId } : {}),
        class: 'rich-text-content',
      },
    },
    onUpdate: ({ editor: e }) => {
      // Not the user's: the editor's own tidying as it starts (a trailing paragraph), before the check below.
      if (!ready.current) return;
      const html = e.isEmpty ? '' : e.getHTML();
      // A change of form only (an empty paragraph after a table) is no change to the page.
      if (sameMarkup(known.current, html)) return;
      known.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });

  // Checked once the editor holds the page as it was opened.
  useEffect(() => {
    if (!editor) return;
    ready.current = true;
    if (known.current && !sameMarkup(known.current, editor.getHTML())) {
      setLossy(true);
      setSource(true);
    }
  }, [editor]);

  useEffect(() => {
    if (!editor || source || value === known.current) return;
    known.current = value;
    editor.commands.setContent(cleanMarkup(value), { emitUpdate: false });
    if (value && !sameMarkup(value, editor.getHTML())) {
      setLossy(true);
      setSource(true);
    }
  }, [editor, value, source]);

  useEffect(() => {
    // Without an update event: being made read only changes nothing of the page.
    if (editor && editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const toggleSource = () => {
    if (source && editor) {
      known.current = value;
      // What was typed or pasted in Source reaches the page's editor only as cleaned markup (issue 35): an
      // `<img src=x onerror=…>` comes back as a plain image, its handler gone; what was dropped shows as lossy.
      editor.commands.setContent(cleanMarkup(value), { emitUpdate: false });
      setLossy(Boolean(value) && !sameMarkup(value, editor.getHTML()));
    }
    setSource(!source);
  };

  return (
    <Box>
      <Box
        role="toolbar"
        aria-label={t('htmlmanager.editor.toolbar')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          p: 0.5,
          border: 1,
          borderBottom: 0,
          borderColor: 'divider',
          borderRadius: '4px 4px 0 0',
        }}
      >
        {editor && <FormatButtons editor={editor} disabled={disabled || source} />}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          startIcon={<CodeIcon />}
          variant={source ? 'contained' : 'text'}
          aria-pressed={source}
          onClick={toggleSource}
          disabled={disabled}
        >
          {t('htmlmanager.editor.source')}
        </Button>
      </Box>
      {lossy && (
        <Alert severity="info" sx={{ borderRadius: 0 }}>
          {t(source ? 'htmlmanager.editor.lossySource' : 'htmlmanager.editor.lossyVisual')}
        </Alert>
      )}
      {source ? (
        <TextField
          label={t('htmlmanager.editor.htmlSource')}
          value={value}
          onChange={(event) => {
            known.current = event.target.value;
            onChange(event.target.value);
          }}
          onBlur={onBlur}
          disabled={disabled}
          multiline
          minRows={16}
          fullWidth
          error={error}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      ) : (
        <Box
          sx={{
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: '0 0 4px 4px',
            '& .rich-text-content': { minHeight: 320, p: 2, outline: 'none' },
            '& .rich-text-content:focus-visible': {
              boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
            },
            '& table': { borderCollapse: 'collapse', width: '100%', my: 1 },
            '& td, & th': { border: 1, borderColor: 'divider', p: 0.75, verticalAlign: 'top', minWidth: 40 },
            '& th': { bgcolor: 'action.hover', fontWeight: 600 },
            '& img': { maxWidth: '100%', height: 'auto' },
            '& .selectedCell': { bgcolor: 'action.selected' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      )}
      {helperText && (
        <FormHelperText id={helperId} error={error}>
          {helperText}
        </FormHelperText>
      )}
      {editor && !source && (
        <Box sx={{ mt: 1.5 }}>
          <MediaChooser
            id="html-page-image"
            header={t('htmlmanager.editor.insertImage')}
            guide={GENERAL_MEDIA_GUIDE}
            action={IMAGE_ACTION}
            actionValue={IMAGE_VALUE}
            value={null}
            disabled={disabled}
            onChange={(chosen) => {
              const src = Array.isArray(chosen) ? chosen[0] : chosen;
              if (src) editor.chain().focus().setImage({ src, alt: '' }).run();
            }}
          />
        </Box>
      )}
    </Box>
  );
}

type ToolProps = { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode };

function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active}
          color={active ? 'primary' : 'default'}
          disabled={disabled}
          // Keeps the selection in the editor while the button is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={onClick}
          sx={{ borderRadius: 1, minWidth: 34, fontSize: 14, fontWeight: 700 }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function FormatButtons({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const heading = (level: 1 | 2 | 3) => (
    <Tool
      key={level}
      label={t('htmlmanager.editor.heading', { level })}
      active={state[`h${level}`]}
      disabled={disabled}
      onClick={() => chain().toggleHeading({ level }).run()}
    >
      {`H${level}`}
    </Tool>
  );
  return (
    <>
      <Tool
        label={t('htmlmanager.editor.bold')}
        active={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('htmlmanager.editor.italic')}
        active={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem />
      {([1, 2, 3] as const).map(heading)}
      <Divider orientation="vertical" flexItem />
      <Tool
        label={t('htmlmanager.editor.bullets')}
        active={state.bullets}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('htmlmanager.editor.numbers')}
        active={state.numbers}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Tool
        label={t('htmlmanager.editor.link')}
        active={state.link}
        disabled={disabled}
        onClick={() => setLinking(true)}
      >
        <InsertLinkIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem />
      <Tool
        label={t('htmlmanager.editor.insertTable')}
        disabled={disabled}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <GridOnIcon fontSize="small" />
      </Tool>
      <Button
        size="small"
        disabled={disabled || !state.inTable}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => chain().addRowAfter().run()}
      >
        {t('htmlmanager.editor.addRow')}
      </Button>
      <Button
        size="small"
        disabled={disabled || !state.inTable}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => chain().addColumnAfter().run()}
      >
        {t('htmlmanager.editor.addColumn')}
      </Button>
      <Button
        size="small"
        disabled={disabled || !state.inTable}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => chain().deleteTable().run()}
      >
        {t('htmlmanager.editor.deleteTable')}
      </Button>
      {linking && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
    </>
  );
}

/** The link of the selected text: set (checked as core's safeLink) or removed. */
function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [problem, setProblem] = useState('');
  const apply = () => {
    const checked = safeLink.safeParse(href);
    if (!checked.success || checked.data === '') {
      setProblem(checked.success ? t('htmlmanager.editor.linkRequired') : (checked.error.issues[0]?.message ?? ''));
      return;
    }
    const url = checked.data;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('htmlmanager.editor.linkTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('htmlmanager.editor.linkAddress')}
          value={href}
          onChange={(event) => {
            setHref(event.target.value);
            setProblem('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={Boolean(problem)}
          helperText={problem || ' '}
        />
      </DialogContent>
      <DialogActions>
        {editor.isActive('link') && (
          <Button
            color="error"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {t('htmlmanager.editor.unlink')}
          </Button>
        )}
        <Button onClick={onClose}>{t('htmlmanager.cancel')}</Button>
        <Button variant="contained" onClick={apply}>
          {t('htmlmanager.editor.applyLink')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
