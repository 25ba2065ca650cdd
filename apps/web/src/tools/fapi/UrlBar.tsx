import { Button, Flex, Input, Segmented, Select, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyWithNotice } from '@/lib/clipboard';
import { useMessages } from '@/lib/i18n';
import type { RequestTab } from './tabs';
import { messages } from './messages';

/** The URL bar: method, the gateway's base URL, the path (editable), copy URL, locale. */
export function UrlBar({
  tab,
  onChange,
  baseUrl,
  path,
}: {
  tab: RequestTab;
  onChange: (patch: Partial<RequestTab>) => void;
  baseUrl: string;
  path: string;
}) {
  const m = useMessages(messages);
  return (
    <Flex gap={8} wrap align="center">
      <Select
        aria-label={m.method}
        value={tab.method}
        style={{ width: 90 }}
        options={[
          { value: 'POST', label: 'POST' },
          { value: 'PUT', label: 'PUT' },
        ]}
        onChange={(v) => onChange({ method: v })}
      />
      <Input aria-label={m.baseUrl} value={baseUrl} readOnly style={{ width: 340 }} />
      <Input
        aria-label={m.path}
        value={path}
        onChange={(e) => onChange({ path: e.target.value })}
        style={{ width: 300 }}
      />
      <Tooltip title={m.copyUrl}>
        <Button
          aria-label={m.copyUrl}
          icon={<CopyOutlined />}
          onClick={() => void copyWithNotice(`${baseUrl}${path}`, m.textCopied)}
        />
      </Tooltip>
      <Segmented
        aria-label={m.locale}
        value={tab.locale}
        options={['en_US', 'zh_CN']}
        onChange={(v) => onChange({ locale: v as RequestTab['locale'] })}
      />
    </Flex>
  );
}
