import { useEffect, useRef } from 'react';
import { history, defaultKeymap, historyKeymap } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import type { ZplWarning } from '@lab/core/labels/zpl';
import { zplLanguage } from './zplLanguage';
import { warningRange } from './positions';

export interface ZplCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The linter's warnings and the text they were found in: marks in the text and the gutter. */
  lint?: { text: string; warnings: readonly ZplWarning[] } | undefined;
  placeholder?: string;
  /** CSS heights of the editing area. */
  minHeight?: number;
  maxHeight?: number;
  /** Receives the editor (to move the cursor to a warning). */
  onView?: (view: EditorView | undefined) => void;
}

/** Marks drawn at most (a broken label can warn on every line). */
const MAX_MARKS = 500;

/**
 * A CodeMirror 6 editor for ZPL: highlighting, line numbers, undo, and the linter's warnings as
 * inline marks. Its editable area is labelled "ZPL" like the text areas it replaces.
 */
export function ZplCodeEditor({
  value,
  onChange,
  lint,
  placeholder = '^XA … ^XZ',
  minHeight = 160,
  maxHeight = 480,
  onView,
}: ZplCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onViewRef = useRef(onView);
  onViewRef.current = onView;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          zplLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          placeholderText(placeholder),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': 'ZPL',
            spellcheck: 'false',
            'data-testid': 'zpl-editor',
            'data-i18n-data': '',
          }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { border: '1px solid #d9d9d9', borderRadius: '6px', fontSize: '13px' },
            '&.cm-focused': { outline: 'none', borderColor: '#4096ff' },
            '.cm-scroller': {
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              minHeight: `${minHeight}px`,
              maxHeight: `${maxHeight}px`,
            },
            '.cm-content': { minHeight: `${minHeight}px` },
          }),
        ],
      }),
    });
    view.current = v;
    onViewRef.current?.(v);
    return () => {
      onViewRef.current?.(undefined);
      v.destroy();
      view.current = undefined;
    };
    // The editor is made once; value and warnings follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const text = v.state.doc.toString();
    // Warnings found in an older text wait for their update.
    if (!lint || text !== lint.text) return;
    const diagnostics: Diagnostic[] = lint.warnings.slice(0, MAX_MARKS).map((w) => {
      const { from, to } = warningRange(text, w);
      return { from, to, severity: 'warning', source: w.command, message: w.message };
    });
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [lint, value]);

  return <div ref={host} data-testid="zpl-editor-host" />;
}
