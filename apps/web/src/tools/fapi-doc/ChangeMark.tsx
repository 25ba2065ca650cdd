import { useState } from 'react';
import { EditOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useI18n, useMessages } from '@/lib/i18n';
import { beforeAfter, type ApiChangeRow, type MarkKind } from './diffMarks';
import { messages } from './messages';
import { ruleReason } from './ruleReasons';

const ICON: Record<MarkKind, React.ReactNode> = {
  added: <PlusCircleOutlined />,
  removed: <MinusCircleOutlined />,
  changed: <EditOutlined />,
};

/**
 * A field's compare mark: a coloured tag with an icon and the word (never colour alone); on hover,
 * each change's rule and its value before → after. A plain element (fapiDoc.css) that mounts its
 * antd Tooltip only when first pointed at: marks are in tree rows, which mount while scrolling.
 */
export function ChangeMark({ kind, changes, label }: { kind: MarkKind; changes: ApiChangeRow[]; label?: string }) {
  const m = useMessages(messages);
  const [hovered, setHovered] = useState(false);
  const mark = (
    <span className={`fd-mark fd-mark-${kind}`} onMouseEnter={hovered ? undefined : () => setHovered(true)}>
      {ICON[kind]}
      <span>{label ? `${m[kind]} ${label}` : m[kind]}</span>
    </span>
  );
  return hovered ? (
    <Tooltip title={<ChangeTip changes={changes} />} defaultOpen>
      {mark}
    </Tooltip>
  ) : (
    mark
  );
}

function ChangeTip({ changes }: { changes: ApiChangeRow[] }) {
  const { lang } = useI18n();
  return (
    <div data-testid="change-tip">
      {changes.map((c, i) => (
        <div key={i}>
          {ruleReason(c.rule, lang)}
          {(c.before !== undefined || c.after !== undefined) && `: ${beforeAfter(c)}`}
        </div>
      ))}
    </div>
  );
}
