import { useState } from 'react';
import { Button, Flex, Input, Space, Table, Typography } from 'antd';
import {
  checkHsKeyword,
  HS_KEYWORD_MAX,
  HS_PAGE_SIZE,
  hsLocationLabel,
  type HsCodeRow as HsRow,
} from '@lab/core/regions';
import { isUtilError, postUtil } from '@/lib/api';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';

interface HsReply {
  tag: 'success' | 'error';
  msg?: string;
  total: number;
  page: number;
  pageSize: number;
  dataset: { label: string | null; importedAt: string } | null;
  data: HsRow[];
}

/** 海关编码查询: codes containing the digits typed, by code, 50 a page (China customs data). */
export default function HsTab() {
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [reply, setReply] = useState<HsReply | undefined>();
  const [loading, setLoading] = useState(false);

  async function load(digits: string, page: number) {
    setLoading(true);
    try {
      const { data } = await postUtil<HsReply>('/utils/v1/hs-codes/search', { keyword: digits, page });
      setReply(data);
      setSearched(digits);
      if (page === 1) {
        if (data.tag === 'success') notify.success(data.msg ?? `共找到${data.total}条记录`, NOTIFY_SECONDS.search);
        else notify.error(data.msg ?? '没有找到相关记录');
      }
    } catch (err) {
      const body = isUtilError(err) ? (err.data as { message?: string } | undefined) : undefined;
      notify.error(body?.message ?? (err instanceof Error ? err.message : '查询失败'));
    } finally {
      setLoading(false);
    }
  }

  function search() {
    const check = checkHsKeyword(keyword);
    if (!check.ok) {
      notify.warning(check.message, NOTIFY_SECONDS.search);
      return;
    }
    void load(check.digits, 1);
  }

  const dataset = reply?.dataset;
  return (
    <Flex vertical gap="middle" lang="zh-CN">
      <Space wrap>
        <Input
          aria-label="商品编码"
          placeholder="请输入至少4位数字"
          value={keyword}
          maxLength={HS_KEYWORD_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          style={{ width: 240 }}
          allowClear
        />
        <Button type="primary" onClick={search}>
          查询
        </Button>
        {reply && (
          <Typography.Text type="secondary">
            {dataset
              ? `数据版本：${dataset.label ?? '未标注'}（导入于 ${dataset.importedAt.slice(0, 10)}）`
              : '未导入海关编码数据'}
          </Typography.Text>
        )}
      </Space>
      <Table<HsRow>
        size="small"
        rowKey={(r) => `${r.location}|${r.hs_code}`}
        loading={loading}
        dataSource={reply?.data ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: reply?.page ?? 1,
          pageSize: HS_PAGE_SIZE,
          total: reply?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page) => void load(searched, page),
        }}
        columns={[
          { title: '适用地区', dataIndex: 'location', width: 90, render: (l: string) => hsLocationLabel(l) },
          { title: '商品编码', dataIndex: 'hs_code', width: 130 },
          { title: '商品名称', dataIndex: 'commodity_name' },
          { title: '第一法定单位', dataIndex: 'legal_unit_1', width: 110 },
          { title: '第二法定单位', dataIndex: 'legal_unit_2', width: 110 },
          { title: '监管条件', dataIndex: 'regulatory_condition', width: 100 },
          { title: '出口税率', dataIndex: 'export_tax_rate', width: 90 },
        ]}
      />
    </Flex>
  );
}
