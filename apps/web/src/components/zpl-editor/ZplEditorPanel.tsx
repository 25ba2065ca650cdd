import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Badge, Empty, Flex, List, Table, Tabs, Tag, Typography } from 'antd';
import type { EditorView } from '@codemirror/view';
import { analyzeZpl, type ZplAnalysis, type ZplWarning } from '@lab/core/labels/zpl';
import { useI18n, useMessages } from '@/lib/i18n';
import { lintMessage } from './lintWords';
import { ZplCodeEditor } from './ZplCodeEditor';
import { fill, messages } from './messages';
import { warningLineColumn, warningRange } from './positions';
import { useDebounced } from '@/lib/useDebounced';

export interface ZplEditorPanelProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  minHeight?: number;
  maxHeight?: number;
  /** Linting waits this long after the last keystroke. */
  debounceMs?: number;
  /** Shown above the editor (buttons). */
  toolbar?: ReactNode;
  /** Receives the editor (a screen reads the cursor from it). */
  onView?: (view: EditorView | undefined) => void;
}

/** The linter's warning list: where (line, column), which command and parameter, and why. */
function WarningList({
  text,
  warnings,
  onPick,
}: {
  text: string;
  warnings: readonly ZplWarning[];
  onPick: (w: ZplWarning) => void;
}) {
  const m = useMessages(messages);
  if (warnings.length === 0) return <Typography.Text type="secondary">{m.noWarnings}</Typography.Text>;
  return (
    <List
      size="small"
      data-testid="zpl-warnings"
      dataSource={warnings.slice(0, 200)}
      renderItem={(w) => {
        const at = warningLineColumn(text, w);
        return (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(w)} data-testid="zpl-warning">
            <Flex gap={8} wrap align="baseline">
              <Typography.Text type="secondary">{fill(m.line, at)}</Typography.Text>
              <Tag color="orange">{w.command}</Tag>
              {w.parameterNumber > 0 ? (
                <Typography.Text type="secondary">{fill(m.parameter, { n: w.parameterNumber })}</Typography.Text>
              ) : null}
              <span>{w.message}</span>
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

/** Each label's text and barcode fields in order, as the service's JSON answer gives them. */
function DataPanel({ analysis }: { analysis: ZplAnalysis }) {
  const m = useMessages(messages);
  const labels = analysis.labels.filter((l) => l.fields.length > 0);
  if (labels.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.noFields} />;
  return (
    <Flex vertical gap={12} data-testid="zpl-data">
      {labels.map((label) => (
        <div key={label.index}>
          {analysis.labels.length > 1 ? (
            <Typography.Text strong>{fill(m.label, { n: label.index + 1 })}</Typography.Text>
          ) : null}
          <Table
            size="small"
            pagination={false}
            rowKey={(f) => `${f.byteIndex}-${f.x}-${f.y}`}
            dataSource={label.fields}
            columns={[
              { title: m.position, key: 'pos', width: 110, render: (_, f) => `${f.x}, ${f.y}` },
              {
                title: m.kind,
                key: 'kind',
                width: 150,
                render: (_, f) =>
                  f.kind === 'barcode' ? <Tag color="blue">{f.symbology ?? m.barcode}</Tag> : <Tag>{m.text}</Tag>,
              },
              {
                title: m.fieldData,
                key: 'data',
                render: (_, f) => (
                  <Typography.Text style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
                    {f.data}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </div>
      ))}
    </Flex>
  );
}

/**
 * The ZPL editor of the label screens: highlighting, the linter's warnings in the text and as a
 * list, and a Data panel with the fields of every label. Linting runs here, in the browser.
 */
export function ZplEditorPanel({
  value,
  onChange,
  placeholder,
  minHeight,
  maxHeight,
  debounceMs = 250,
  toolbar,
  onView,
}: ZplEditorPanelProps) {
  const m = useMessages(messages);
  const text = useDebounced(value, debounceMs);
  const analysis = useMemo(() => analyzeZpl(text), [text]);
  const { lang } = useI18n();
  // The linter writes English; the reader's language words each warning by its code (lintWords.ts).
  const lint = useMemo(
    () => ({ text, warnings: analysis.warnings.map((w) => ({ ...w, message: lintMessage(lang, w.message) })) }),
    [text, analysis, lang],
  );
  const view = useRef<EditorView | undefined>(undefined);
  const [tab, setTab] = useState('warnings');

  const pick = (w: ZplWarning) => {
    const v = view.current;
    if (!v) return;
    const { from, to } = warningRange(v.state.doc.toString(), w);
    v.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
    v.focus();
  };

  return (
    <Flex vertical gap={8}>
      {toolbar}
      <ZplCodeEditor
        value={value}
        onChange={onChange}
        lint={lint}
        {...(placeholder !== undefined ? { placeholder } : {})}
        {...(minHeight !== undefined ? { minHeight } : {})}
        {...(maxHeight !== undefined ? { maxHeight } : {})}
        onView={(v) => {
          view.current = v;
          onView?.(v);
        }}
      />
      {value.trim() === '' ? null : (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'warnings',
              label: (
                <span>
                  {m.warnings}{' '}
                  <Badge
                    count={analysis.warnings.length}
                    overflowCount={999}
                    color={analysis.warnings.length ? 'orange' : 'green'}
                    showZero
                  />
                </span>
              ),
              children: <WarningList text={text} warnings={lint.warnings} onPick={pick} />,
            },
            { key: 'data', label: m.data, children: <DataPanel analysis={analysis} /> },
          ]}
        />
      )}
    </Flex>
  );
}
