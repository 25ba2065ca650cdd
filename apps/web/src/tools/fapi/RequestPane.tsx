import { Suspense, type ComponentProps, type RefObject } from 'react';
import { Flex, Spin, Typography } from 'antd';
import type { CarrierEndpoint } from '@lab/core/carrier';
import { useMessages } from '@/lib/i18n';
import type { EditorMode, JsonEditorHandle } from './JsonEditor';
import { LazyJsonEditor } from './LazyJsonEditor';
import { problemPath } from './jsonPaths';
import { SchemaProblems } from './SchemaProblems';
import { EditorModeSwitch } from './EditorModeSwitch';
import { messages } from './messages';

/** The request column: code/form mode, the editor and the schema check under it. */
export function RequestPane({
  endpoint,
  schema,
  editor,
  text,
  valid,
  mode,
  onModeChange,
  onTextChange,
  onSelectPath,
}: {
  endpoint: CarrierEndpoint;
  schema: ComponentProps<typeof SchemaProblems>['check'];
  editor: RefObject<JsonEditorHandle | null>;
  text: string;
  /** The text is valid JSON (the tree mode needs it). */
  valid: boolean;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  onTextChange: (text: string) => void;
  onSelectPath: (path: readonly (string | number)[]) => void;
}) {
  const m = useMessages(messages);
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{m.request}</Typography.Text>
        <EditorModeSwitch
          label={m.request}
          treeLabel={m.formMode}
          treeDisabled={!valid}
          value={mode}
          onChange={onModeChange}
        />
      </Flex>
      <Suspense fallback={<Spin />}>
        <LazyJsonEditor
          ref={editor}
          testId="request-editor"
          text={text}
          mode={mode}
          onChange={onTextChange}
          onSelectPath={onSelectPath}
        />
      </Suspense>
      <SchemaProblems endpoint={endpoint} check={schema} onJump={(p) => editor.current?.reveal(problemPath(p))} />
    </>
  );
}
