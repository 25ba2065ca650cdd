import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { ImportHint } from '@/components/import-hint';
import type { LookupDatasetName } from '@lab/core/contract';
import { defineMessages, fillMessage, useMessages } from '@/lib/i18n';
import { usefulQueries } from './usefulApi';

export const datasetStatusMessages = defineMessages({
  en: {
    'regions-served': 'The carrier’s served-country data is not loaded, so Served reads Unknown. Load it with:',
    'etd-eci': 'The ETD/ECI rules are not loaded, so every search answers no result. Load them with:',
    'hs-cn': 'No HS code data is loaded. Load it with:',
    'postal-geonames': 'No postal code data is imported (only the built-in US ZIP codes answer). Load it with:',
    loaded: 'Data {label} imported {date}.',
    unlabelled: '(no label)',
  },
  zh: {
    'regions-served': '未加载承运商服务国家数据，因此“服务”显示为未知。请用以下命令加载：',
    'etd-eci': '未加载 ETD/ECI 规则，因此所有查询都没有结果。请用以下命令加载：',
    'hs-cn': '未加载 HS 编码数据。请用以下命令加载：',
    'postal-geonames': '未导入邮编数据（只有内置的美国邮编可查）。请用以下命令加载：',
    loaded: '数据 {label}，导入于 {date}。',
    unlabelled: '（未标注）',
  },
});

/**
 * One line above a lookup: when its dataset was never imported, what is missing, the exact
 * `lab import …` command with its file types, the columns and the example file; when it was, the
 * release label and the import date.
 */
export function DatasetStatus({ name }: { name: LookupDatasetName }) {
  const m = useMessages(datasetStatusMessages);
  const status = useQuery(usefulQueries.datasetStatus(name));
  if (!status.data) return null;
  const info = status.data.dataset;
  if (info)
    return (
      <Typography.Text type="secondary" data-testid={`dataset-status-${name}`}>
        {fillMessage(m.loaded, { label: info.label ?? m.unlabelled, date: info.importedAt.slice(0, 10) })}
      </Typography.Text>
    );
  return (
    <Alert
      data-testid={`dataset-status-${name}`}
      type="warning"
      showIcon
      title={
        <div>
          {m[name]}
          <ImportHint dataset={name} />
        </div>
      }
    />
  );
}
