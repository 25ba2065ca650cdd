import { useState } from 'react';
import { Button, Flex, Radio, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { EtdRow } from '@lab/core/contract';
import {
  etdCsvFileName,
  etdImportCsv,
  importSide,
  matchesImportFilter,
  type ImportSideFilter,
  type LevelFilter,
  type YesNoFilter,
} from '@lab/core/regions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { usefulQueries } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';
import { SideTags } from './SideCard';

const yesNo: YesNoFilter[] = ['ALL', 'YES', 'NO'];
const levels: LevelFilter[] = ['ALL', 'OPTIONAL', 'REQUIRED', 'PROHIBITED'];

function saveCsv(rows: EtdRow[]) {
  const blob = new Blob([etdImportCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = etdCsvFileName(new Date());
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Browse the import side of every destination, filtered, with a CSV download. */
export function EtdBrowse() {
  const m = useMessages(messages);
  const list = useQuery(usefulQueries.etdList);
  const [filter, setFilter] = useState<ImportSideFilter>({
    etd: 'ALL',
    eci: 'ALL',
    signature: 'ALL',
    letterhead: 'ALL',
  });
  const rows = (list.data?.data ?? []).filter((r) => matchesImportFilter(r, filter));
  const radio = <K extends keyof ImportSideFilter>(key: K, label: string, values: ImportSideFilter[K][]) => (
    <Space>
      <Typography.Text strong>{label}</Typography.Text>
      <Radio.Group
        aria-label={label}
        optionType="button"
        size="small"
        value={filter[key]}
        options={values.map((v) => ({ value: v, label: m[v] }))}
        onChange={(e) => setFilter({ ...filter, [key]: e.target.value as ImportSideFilter[K] })}
      />
    </Space>
  );

  return (
    <Flex vertical gap="small">
      <Space wrap size="large">
        {radio('etd', 'ETD', yesNo)}
        {radio('eci', 'ECI', yesNo)}
        {radio('signature', m.signature, levels)}
        {radio('letterhead', m.letterhead, levels)}
        <Button icon={<DownloadOutlined />} disabled={rows.length === 0} onClick={() => saveCsv(rows)}>
          {m.download}
        </Button>
      </Space>
      <Typography.Text type="secondary">
        {list.data?.dataset
          ? fillMessage(m.dataset, {
              label: list.data.dataset.label ?? m.unlabelled,
              n: rows.length,
              total: list.data.data.length,
            })
          : m.noData}
      </Typography.Text>
      <Table<EtdRow>
        size="small"
        rowKey="alpha_2"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: list.data?.dataset ? m.noMatch : m.noData }}
        columns={[
          { title: '#', width: 60, render: (_, __, i) => i + 1 },
          { title: m.colDestination, render: (_, r) => `${r.alpha_2} · ${r.name} ${r.name_cn}` },
          { title: m.colRequirements, render: (_, r) => <SideTags side={importSide(r)} /> },
        ]}
      />
    </Flex>
  );
}
