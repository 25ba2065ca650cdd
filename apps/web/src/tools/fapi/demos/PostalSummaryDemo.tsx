import { Descriptions, Flex, Table, Typography } from 'antd';
import { readPostal } from '@lab/core/carrier/replies';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** Postal validation: country, cleaned postal code, state code; per description its location and service data. */
export default function PostalSummaryDemo({ body }: { body: unknown }) {
  const m = useMessages(messages);
  const s = readPostal(body);
  return (
    <Flex vertical gap={8} data-testid="fapi-postal-summary">
      <Typography.Text strong>{m.postalTitle}</Typography.Text>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: 'country', label: m.countryCode, children: <span data-testid="postal-country">{s.countryCode}</span> },
          {
            key: 'postal',
            label: m.cleanedPostalCode,
            children: <span data-testid="postal-cleaned">{s.cleanedPostalCode}</span>,
          },
          {
            key: 'state',
            label: m.stateOrProvinceCode,
            children: <span data-testid="postal-state">{s.stateOrProvinceCode}</span>,
          },
        ]}
      />
      <Table
        size="small"
        data-testid="postal-descriptions"
        pagination={false}
        rowKey={(r) => `${r.locationId}-${r.locationNumber}`}
        dataSource={s.descriptions}
        locale={{ emptyText: m.noDescriptions }}
        columns={[
          { title: m.locationId, dataIndex: 'locationId' },
          { title: m.locationNumber, dataIndex: 'locationNumber' },
          { title: m.serviceArea, dataIndex: 'serviceArea' },
          { title: m.airportId, dataIndex: 'airportId' },
        ]}
      />
    </Flex>
  );
}
