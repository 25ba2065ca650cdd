import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { DecodeTab } from './DecodeTab';
import { PdfTab } from './PdfTab';
import { PngTab } from './PngTab';
import { Base64ZplTab, RawZplTab } from './ZplTabs';

export const BASE64_TABS = [
  { key: 'decode', label: 'Base64 Decode', children: <DecodeTab /> },
  { key: 'pdf', label: 'Base64 PDF', children: <PdfTab /> },
  { key: 'png', label: 'Base64 PNG', children: <PngTab /> },
  { key: 'zpl', label: 'Base64 ZPL', children: <Base64ZplTab /> },
  { key: 'raw', label: 'Raw ZPL', children: <RawZplTab /> },
];

/** Base64 Tools: decode text, PDFs, PNGs and ZPL labels people paste out of API responses and logs. */
export default function Base64Page() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const active = BASE64_TABS.some((t) => t.key === wanted) ? wanted! : 'decode';
  return (
    <Card title="Base64 Tools">
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={BASE64_TABS}
        destroyOnHidden={false}
      />
    </Card>
  );
}
