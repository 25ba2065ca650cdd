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
import { usefulQueries } from '@/tools/useful-tools/usefulApi';
import { SideTags } from './SideCard';

const yesNo: YesNoFilter[] = ['ALL', 'YES', 'NO'];
const levels: LevelFilter[] = ['ALL', 'OPTIONAL', 'REQUIRED', 'PROHIBITED'];
const word = (v: string) => v.charAt(0) + v.slice(1).toLowerCase();

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
        options={values.map((v) => ({ value: v, label: word(v) }))}
        onChange={(e) => setFilter({ ...filter, [key]: e.target.value as ImportSideFilter[K] })}
      />
    </Space>
  );

  return (
    <Flex vertical gap="small">
      <Space wrap size="large">
        {radio('etd', 'ETD', yesNo)}
        {radio('eci', 'ECI', yesNo)}
        {radio('signature', 'Signature', levels)}
        {radio('letterhead', 'Letterhead', levels)}
        <Button icon={<DownloadOutlined />} disabled={rows.length === 0} onClick={() => saveCsv(rows)}>
          Download CSV
        </Button>
      </Space>
      <Typography.Text type="secondary">
        {list.data?.dataset
          ? `Dataset ${list.data.dataset.label ?? '(unlabelled)'}: ${rows.length} of ${list.data.data.length} destinations`
          : 'no data loaded'}
      </Typography.Text>
      <Table<EtdRow>
        size="small"
        rowKey="alpha_2"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: list.data?.dataset ? 'No destination matches these filters' : 'no data loaded' }}
        columns={[
          { title: '#', width: 60, render: (_, __, i) => i + 1 },
          { title: 'Destination', render: (_, r) => `${r.alpha_2} · ${r.name} ${r.name_cn}` },
          { title: 'Import requirements', render: (_, r) => <SideTags side={importSide(r)} /> },
        ]}
      />
    </Flex>
  );
}
