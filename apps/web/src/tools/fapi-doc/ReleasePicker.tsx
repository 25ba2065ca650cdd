import { useMemo } from 'react';
import { Select, Tag } from 'antd';
import type { OpenApiRelease } from '@lab/core/contract';
import { fillMessage, useMessages } from '@/lib/i18n';
import { importDate, releaseName } from './diffMarks';
import { messages } from './messages';

/**
 * The document's releases (newest first, label · version · import date, the current one tagged)
 * and "Compare with…" (another release of the same document). Values are release ids.
 */
export function ReleasePicker({
  releases,
  loading,
  release,
  compare,
  onRelease,
  onCompare,
}: {
  releases: OpenApiRelease[] | undefined;
  loading: boolean;
  /** The shown release's id (the current one when absent). */
  release: string;
  compare: string | undefined;
  onRelease: (id: string) => void;
  onCompare: (id: string | undefined) => void;
}) {
  const m = useMessages(messages);
  const options = useMemo(
    () =>
      (releases ?? []).map((r) => {
        const text = fillMessage(m.releaseOption, {
          name: releaseName(r),
          version: r.version,
          date: importDate(r.importedAt),
        });
        return {
          value: String(r.id),
          title: text,
          label: (
            <span>
              {text}
              {r.current && (
                <Tag color="blue" style={{ marginInlineStart: 6 }}>
                  {m.current}
                </Tag>
              )}
            </span>
          ),
        };
      }),
    [releases, m],
  );
  return (
    <>
      <Select
        aria-label={m.release}
        style={{ width: 340 }}
        disabled={!releases}
        loading={loading}
        value={releases ? release : undefined}
        options={options}
        onChange={onRelease}
      />
      <Select
        aria-label={m.compareWith}
        placeholder={m.compareWith}
        style={{ width: 300 }}
        allowClear
        disabled={!releases || releases.length < 2}
        value={compare}
        options={options.filter((o) => o.value !== release)}
        onChange={(v?: string) => onCompare(v || undefined)}
      />
    </>
  );
}
