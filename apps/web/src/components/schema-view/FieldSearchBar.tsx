import { Button, Input } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { fillMessage } from '@/lib/i18n';
import type { SchemaViewMessages } from './messages';
import type { FieldSearch } from './useFieldSearch';

/** The search box over a schema view: the query, "i / n" (or the field count), previous and next match. */
export function FieldSearchBar({
  search,
  fieldCount,
  m,
}: {
  search: FieldSearch;
  fieldCount: number;
  m: SchemaViewMessages;
}) {
  const { query, matchAt, matches } = search;
  return (
    <div className="sv-search">
      <Input
        allowClear
        size="small"
        placeholder={m.search}
        aria-label={m.search}
        value={query}
        onChange={(e) => search.type(e.target.value)}
        onPressEnter={(e) => search.step(e.shiftKey ? -1 : 1)}
        style={{ maxWidth: 360 }}
      />
      <span className="sv-count" aria-live="polite">
        {query.trim()
          ? matches.length
            ? fillMessage(m.matches, { i: matchAt + 1, n: matches.length })
            : m.noMatch
          : fillMessage(m.fields, { n: fieldCount })}
      </span>
      <Button
        size="small"
        icon={<UpOutlined />}
        aria-label={m.previousMatch}
        disabled={matches.length === 0}
        onClick={() => search.step(-1)}
      />
      <Button
        size="small"
        icon={<DownOutlined />}
        aria-label={m.nextMatch}
        disabled={matches.length === 0}
        onClick={() => search.step(1)}
      />
    </div>
  );
}
