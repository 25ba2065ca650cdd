import { Select, Space, Typography } from 'antd';
import { CheckOutlined, LockOutlined } from '@ant-design/icons';
import { CARRIER_ENDPOINTS } from '@lab/core/carrier';
import { useI18n, useMessages } from '@/lib/i18n';
import { messages } from './messages';

function CertificationIcon({ level }: { level: 1 | 2 | 3 }) {
  const m = useMessages(messages);
  if (level === 3) return <LockOutlined aria-label={m.certified3} />;
  if (level === 2)
    return (
      <span aria-label={m.certified2} role="img">
        <CheckOutlined />
        <CheckOutlined style={{ marginInlineStart: -6 }} />
      </span>
    );
  return <CheckOutlined aria-label={m.certified1} />;
}

/** The endpoint dropdown: every catalogue endpoint with its certification, name and route, searchable. */
export function EndpointPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const options = CARRIER_ENDPOINTS.map((e) => ({
    value: e.id,
    disabled: e.disabled,
    search: `${e.name.en} ${e.name.zh} ${e.path} ${e.id}`,
    label: (
      <Space size={6} style={e.disabled ? { color: '#bfbfbf' } : undefined}>
        <CertificationIcon level={e.certification} />
        <span>{lang === 'zh' ? e.name.zh : e.name.en}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {e.method} {e.path}
        </Typography.Text>
      </Space>
    ),
  }));
  return (
    <Select
      aria-label={m.endpoint}
      className="fapi-endpoint"
      showSearch={{ optionFilterProp: 'search' }}
      placeholder={m.endpointSearch}
      value={value}
      style={{ minWidth: 520 }}
      options={options}
      onChange={onChange}
    />
  );
}
