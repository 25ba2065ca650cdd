import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { DecodeTab } from './DecodeTab';
import { PdfTab } from './PdfTab';
import { PngTab } from './PngTab';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { Base64ZplTab, RawZplTab } from './ZplTabs';

export const BASE64_TABS = [
  { key: 'decode', label: 'tabDecode', children: <DecodeTab /> },
  { key: 'pdf', label: 'tabPdf', children: <PdfTab /> },
  { key: 'png', label: 'tabPng', children: <PngTab /> },
  { key: 'zpl', label: 'tabZpl', children: <Base64ZplTab /> },
  { key: 'raw', label: 'tabRaw', children: <RawZplTab /> },
] as const;

/** Base64 Tools: decode text, PDFs, PNGs and ZPL labels people paste out of API responses and logs. */
export default function Base64Page() {
  const m = useMessages(messages);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const active = BASE64_TABS.some((t) => t.key === wanted) ? wanted! : 'decode';
  return (
    <Card title={m.title}>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={BASE64_TABS.map((t) => ({ ...t, label: m[t.label] }))}
        destroyOnHidden={false}
      />
    </Card>
  );
}
