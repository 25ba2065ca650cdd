import { useState } from 'react';
import { Button, Flex, Input, Space, Table, Typography } from 'antd';
import type { HsCodeRow, HsSearchReply } from '@lab/core/contract';
import { checkHsKeyword, HS_KEYWORD_MAX, HS_MESSAGES, HS_PAGE_SIZE, hsLocationLabel } from '@lab/core/regions';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { DatasetStatus } from '@/tools/useful-tools/DatasetStatus';
import { usefulApi } from '@/tools/useful-tools/usefulApi';

/** 海关编码查询: codes containing the digits typed, by code, 50 a page (China customs data). */
export default function HsTab() {
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [reply, setReply] = useState<HsSearchReply | undefined>();
  const hs = useServerAction({
    mutationFn: usefulApi.searchHs,
    onSuccess: (data, { keyword: digits, page }) => {
      setReply(data);
      setSearched(digits);
      // Nothing loaded or found is a 200 tagged `error`: said once per search, not per page.
      if (page === 1) {
        if (data.tag === 'success') notify.success(data.msg ?? HS_MESSAGES.found(data.total), NOTIFY_SECONDS.search);
        else notify.error(data.msg ?? HS_MESSAGES.none);
      }
    },
  });

  function search() {
    const check = checkHsKeyword(keyword);
    if (!check.ok) {
      notify.warning(check.message, NOTIFY_SECONDS.search);
      return;
    }
    hs.mutate({ keyword: check.digits, page: 1 });
  }

  const dataset = reply?.dataset;
  return (
    <Flex vertical gap="middle" lang="zh-CN">
      <DatasetStatus name="hs-cn" />
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
              : HS_MESSAGES.notImported}
          </Typography.Text>
        )}
      </Space>
      <Table<HsCodeRow>
        size="small"
        rowKey={(r) => `${r.location}|${r.hs_code}`}
        loading={hs.isPending}
        dataSource={reply?.data ?? []}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: reply?.page ?? 1,
          pageSize: HS_PAGE_SIZE,
          total: reply?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page) => hs.mutate({ keyword: searched, page }),
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
