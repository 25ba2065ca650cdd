import { useEffect, useRef } from 'react';
import { createJSONEditor, Mode, type JsonEditor } from 'vanilla-jsoneditor';

export type ViewerMode = 'code' | 'view';

/**
 * A read-only vanilla-jsoneditor of one payload. The editor renders the text as data (never as
 * HTML). Non-JSON bodies are shown as plain text in code mode only.
 */
export function PayloadViewer({ text, isJson, mode }: { text: string; isJson: boolean; mode: ViewerMode }) {
  const target = useRef<HTMLDivElement>(null);
  const editor = useRef<JsonEditor | undefined>(undefined);
  const editorMode = isJson && mode === 'view' ? Mode.tree : Mode.text;

  useEffect(() => {
    if (!target.current) return;
    editor.current = createJSONEditor({
      target: target.current,
      props: { content: { text: '' }, readOnly: true, mode: Mode.text, mainMenuBar: false, askToFormat: false },
    });
    return () => {
      void editor.current?.destroy();
      editor.current = undefined;
    };
  }, []);

  useEffect(() => {
    void editor.current?.updateProps({ content: { text }, mode: editorMode, navigationBar: editorMode === Mode.tree });
  }, [text, editorMode]);

  return <div ref={target} data-testid="payload-viewer" style={{ height: '70vh' }} />;
}
