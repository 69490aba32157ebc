import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';

interface ToolbarCommand {
  name: string;
  /** Catalogue key of the button's name. */
  label: string;
  icon: SvgIconComponent;
  run(editor: Editor): boolean;
  /** A formatting switch: the button says whether it is on (aria-pressed). Otherwise an action that may be unavailable. */
  isActive?(editor: Editor): boolean;
  canRun?(editor: Editor): boolean;
}

const COMMANDS: ToolbarCommand[] = [
  { name: 'bold', label: 'app.widgets.richtext.bold', icon: FormatBold, run: (editor) => editor.chain().focus().toggleBold().run(), isActive: (editor) => editor.isActive('bold') },
  { name: 'italic', label: 'app.widgets.richtext.italic', icon: FormatItalic, run: (editor) => editor.chain().focus().toggleItalic().run(), isActive: (editor) => editor.isActive('italic') },
  {
    name: 'underline',
    label: 'app.widgets.richtext.underline',
    icon: FormatUnderlined,
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
    isActive: (editor) => editor.isActive('underline'),
  },
  {
    name: 'heading',
    label: 'app.widgets.richtext.heading',
    icon: Title,
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    isActive: (editor) => editor.isActive('heading', { level: 2 }),
  },
  {
    name: 'bulletList',
    label: 'app.widgets.richtext.bullet_list',
    icon: FormatListBulleted,
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
    isActive: (editor) => editor.isActive('bulletList'),
  },
  {
    name: 'orderedList',
    label: 'app.widgets.richtext.ordered_list',
    icon: FormatListNumbered,
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
    isActive: (editor) => editor.isActive('orderedList'),
  },
  {
    name: 'blockquote',
    label: 'app.widgets.richtext.quote',
    icon: FormatQuote,
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
    isActive: (editor) => editor.isActive('blockquote'),
  },
  { name: 'undo', label: 'app.widgets.richtext.undo', icon: Undo, run: (editor) => editor.chain().focus().undo().run(), canRun: (editor) => editor.can().undo() },
  { name: 'redo', label: 'app.widgets.richtext.redo', icon: Redo, run: (editor) => editor.chain().focus().redo().run(), canRun: (editor) => editor.can().redo() },
];

/** The editor's content as the stored value: '' for an empty document, so that "required" holds. */
function valueOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Whether the editor can be used: one hidden and shown again (Suspense) is destroyed, or gone for a
 * moment, and useEditor makes a new one.
 */
function isLive(editor: Editor | null): editor is Editor {
  return editor !== null && !editor.isDestroyed;
}

/** Arrow keys, Home and End move the focus along a toolbar (WAI-ARIA toolbar pattern: one tab stop). */
function nextFocus(key: string, current: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

export interface RichTextEditorProps {
  /** Id of the editable area. */
  id: string;
  /** Id of the element naming the field (its label). */
  labelledBy: string;
  /** HTML. */
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  disabled?: boolean;
  error?: boolean;
  /** Ids of the error and help texts the form shows for the field. */
  describedBy?: string;
}

/**
 * A rich text field (TipTap's StarterKit): a toolbar of formatting switches in Polish (aria-pressed,
 * arrow keys between them, the usual shortcuts in the text) over the editable area; gives HTML,
 * which the server sanitises before storing.
 */
export function RichTextEditor({ id, labelledBy, value, onChange, onBlur, disabled, error, describedBy }: RichTextEditorProps) {
  const translate = useTranslate();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState(0);
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };

  // The editable area is the field's input: named by its label, described by its error and help.
  const attributes = useMemo(
    () => ({
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelledBy,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
    }),
    [id, labelledBy, describedBy, error],
  );
  const editor: Editor | null = useEditor({
    // No trailing empty paragraph: the stored HTML is only what the user wrote.
    extensions: [StarterKit.configure({ link: { openOnClick: false }, trailingNode: false })],
    content: value,
    editable: !disabled,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => handlers.current.onChange(valueOf(current)),
    onBlur: () => handlers.current.onBlur?.(),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      isLive(current)
        ? Object.fromEntries(COMMANDS.map((command) => [command.name, { active: command.isActive?.(current), enabled: command.canRun?.(current) ?? true }]))
        : null,
  });

  useEffect(() => {
    if (isLive(editor)) editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);
  useEffect(() => {
    if (isLive(editor)) editor.setEditable(!disabled);
  }, [editor, disabled]);
  // A value from outside (a record loaded, a form reset) replaces the content; the editor's own changes come back equal.
  useEffect(() => {
    if (isLive(editor) && value !== valueOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Unavailable buttons (undo with nothing to undo) cannot take the focus: the arrows skip them, the tab stop falls back to the first.
  const usable = COMMANDS.flatMap((command, index) => (!disabled && state?.[command.name]?.enabled !== false ? [index] : []));
  const tabStop = usable.includes(focusIndex) ? focusIndex : usable[0];
  const moveFocus = (event: KeyboardEvent) => {
    const next = nextFocus(event.key, Math.max(0, usable.indexOf(focusIndex)), usable.length);
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(usable[next]);
    buttons.current[usable[next]]?.focus();
  };

  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, mt: 1 }}>
      <Box role="toolbar" aria-label={translate('app.widgets.richtext.toolbar')} aria-controls={id} onKeyDown={moveFocus} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        {COMMANDS.map((command, index) => {
          const Icon = command.icon;
          const label = translate(command.label);
          const status = state?.[command.name];
          return (
            <Tooltip key={command.name} title={label} describeChild>
              <span>
                <IconButton
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  size="small"
                  aria-label={label}
                  aria-pressed={command.isActive ? Boolean(status?.active) : undefined}
                  tabIndex={index === tabStop ? 0 : -1}
                  disabled={disabled || status?.enabled === false}
                  color={status?.active ? 'primary' : 'default'}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => isLive(editor) && command.run(editor)}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          );
        })}
      </Box>
      <Box sx={{ px: 1.5, '& .ProseMirror': { minHeight: 160, py: 1, outline: 'none' }, '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
