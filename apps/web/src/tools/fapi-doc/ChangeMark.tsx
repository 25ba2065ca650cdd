import { EditOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useI18n, useMessages } from '@/lib/i18n';
import { beforeAfter, type ApiChangeRow, type MarkKind } from './diffMarks';
import { messages } from './messages';
import { ruleReason } from './ruleReasons';

const LOOK: Record<MarkKind, { color: string; icon: React.ReactNode }> = {
  added: { color: 'green', icon: <PlusCircleOutlined /> },
  removed: { color: 'red', icon: <MinusCircleOutlined /> },
  changed: { color: 'orange', icon: <EditOutlined /> },
};

/**
 * A field's compare mark: a coloured tag with an icon and the word (never colour alone); on hover,
 * each change's rule and its value before → after.
 */
export function ChangeMark({ kind, changes, label }: { kind: MarkKind; changes: ApiChangeRow[]; label?: string }) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const tip = (
    <div data-testid="change-tip">
      {changes.map((c, i) => (
        <div key={i}>
          {ruleReason(c.rule, lang)}
          {(c.before !== undefined || c.after !== undefined) && `: ${beforeAfter(c)}`}
        </div>
      ))}
    </div>
  );
  return (
    <Tooltip title={tip}>
      <Tag color={LOOK[kind].color} icon={LOOK[kind].icon} className={`fd-mark fd-mark-${kind}`}>
        {label ? `${m[kind]} ${label}` : m[kind]}
      </Tag>
    </Tooltip>
  );
}
