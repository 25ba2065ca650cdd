import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import {
  createJSONEditor,
  getFocusPath,
  isJSONContent,
  Mode,
  type Content,
  type JSONEditorSelection,
  type JSONSelection,
  type JsonEditor as Editor,
} from 'vanilla-jsoneditor';
import { jsonPathAt } from './jsonPathAt';

/**
 * vanilla-jsoneditor (text and tree modes) as a React component. The parent owns the text:
 * `onChange` reports every edit as text, and a new `text` from the parent (a sample, a reopened
 * call) replaces the content. This file is loaded lazily with the page (the editor is ~1 MB).
 */
export type EditorMode = 'text' | 'tree';
/** A node's path: keys and array indices as strings. */
export type JSONPath = string[];

export interface JsonEditorHandle {
  /** Scrolls to a node and selects it (switches nothing: text mode scrolls too). */
  reveal(path: JSONPath): void;
  /**
   * Commits an edit still waiting in the editor (text mode reports changes 300 ms after the last
   * keystroke; `validate()` flushes that), so `onChange` has run with the current text on return.
   */
  flush(): void;
}

export interface JsonEditorProps {
  text: string;
  mode: EditorMode;
  readOnly?: boolean;
  onChange?: (text: string) => void;
  onSelectPath?: (path: JSONPath) => void;
  testId?: string;
  height?: number | string;
}

const isJsonSelection = (s: JSONEditorSelection | undefined): s is JSONSelection =>
  !!s && typeof s === 'object' && 'type' in s && s.type !== 'text';

export const JsonEditor = forwardRef<JsonEditorHandle, JsonEditorProps>(function JsonEditor(
  { text, mode, readOnly = false, onChange, onSelectPath, testId, height = 420 },
  ref,
) {
  const target = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | undefined>(undefined);
  const lastText = useRef(text);
  const handlers = useRef({ onChange, onSelectPath });
  handlers.current = { onChange, onSelectPath };

  useEffect(() => {
    if (!target.current) return;
    editor.current = createJSONEditor({
      target: target.current,
      props: {
        content: { text: lastText.current },
        mode: mode === 'tree' ? Mode.tree : Mode.text,
        readOnly,
        mainMenuBar: false,
        navigationBar: false,
        askToFormat: false,
        onChange: (content: Content) => {
          const next = isJSONContent(content) ? JSON.stringify(content.json, null, 2) : content.text;
          lastText.current = next;
          handlers.current.onChange?.(next);
        },
        onSelect: (selection: JSONEditorSelection | undefined) => {
          if (selection && 'ranges' in selection) {
            // Text mode: the node under the cursor, read from the text.
            const head = selection.ranges[selection.main]?.head;
            if (head !== undefined) handlers.current.onSelectPath?.(jsonPathAt(lastText.current, head));
            return;
          }
          if (!isJsonSelection(selection)) return;
          try {
            handlers.current.onSelectPath?.(getFocusPath(selection).map(String));
          } catch {
            // a selection without a path (e.g. the whole document)
          }
        },
      },
    });
    return () => {
      void editor.current?.destroy();
      editor.current = undefined;
    };
    // Created once; later prop changes go through updateProps below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (text === lastText.current) return;
    lastText.current = text;
    void editor.current?.set({ text });
  }, [text]);

  useEffect(() => {
    void editor.current?.updateProps({ mode: mode === 'tree' ? Mode.tree : Mode.text, readOnly });
  }, [mode, readOnly]);

  useImperativeHandle(
    ref,
    () => ({
      flush() {
        editor.current?.validate();
      },
      reveal(path: JSONPath) {
        const e = editor.current;
        if (!e) return;
        void e.scrollTo(path).catch(() => undefined);
        handlers.current.onSelectPath?.(path);
      },
    }),
    [],
  );

  // The editor shows data (and its own widget words): the i18n walk skips it.
  return <div ref={target} data-testid={testId} data-i18n-data style={{ height }} />;
});

export default JsonEditor;
