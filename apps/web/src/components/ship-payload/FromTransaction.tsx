import { useState } from 'react';
import { Alert, Button, Input, Modal, Table, Typography } from 'antd';
import { fillFromTransaction, type ShipPayloadState, type TagRow } from '@lab/core/shipping/payload';
import { fillMessage } from '@/lib/i18n';
import { useGenerator } from './context';

/** ★ From a transaction: paste a 020 tagged transaction; the mapped fields fill the generator. */
export function FromTransaction({ onFill }: { onFill: (s: ShipPayloadState) => void }) {
  const { s, m } = useGenerator();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<TagRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fill = () => {
    const r = fillFromTransaction(s, text);
    if (!r.ok) {
      setError(fillMessage(m.transactionError, { reason: r.error.reason, position: r.error.position }));
      setRows(null);
      return;
    }
    setError(null);
    setRows(r.rows);
    onFill(r.state);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{m.fromTransaction}</Button>
      <Modal
        open={open}
        title={m.fromTransaction}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{m.close}</Button>}
      >
        <label htmlFor="spg-transaction">{m.transactionText}</label>
        <Input.TextArea
          id="spg-transaction"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        <Button type="primary" disabled={text.trim() === ''} onClick={fill}>
          {m.fill}
        </Button>
        {error ? <Alert style={{ marginTop: 8 }} type="error" title={error} /> : null}
        {rows ? (
          <>
            <Typography.Paragraph style={{ marginTop: 8 }} data-testid="spg-mapped-count">
              {fillMessage(m.mappedCount, { mapped: rows.filter((r) => r.path).length, total: rows.length })}
            </Typography.Paragraph>
            <Table
              data-testid="spg-tag-table"
              size="small"
              pagination={false}
              scroll={{ y: 360 }}
              dataSource={rows.map((r, key) => ({ ...r, key }))}
              columns={[
                { title: m.tag, dataIndex: 'tag', width: 80 },
                { title: m.fieldName, dataIndex: 'name', render: (n: string | null) => n ?? '' },
                { title: m.value, dataIndex: 'value' },
                {
                  title: m.mappedTo,
                  dataIndex: 'path',
                  render: (p: string | null) =>
                    p ? (
                      <Typography.Text code>{p}</Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">{m.notMapped}</Typography.Text>
                    ),
                },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
