import { Alert, Flex, List, Tag, Typography } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { CheckedSymbol, LabelCheckReply } from './labelCheck';
import { checkMessages } from './checkMessages';
import { messages } from './messages';

type CheckedLabel = LabelCheckReply['labels'][number];
type ShipmentLine = NonNullable<CheckedLabel['shipment']>[number];
type NoteWords = Record<keyof (typeof checkMessages)['en'], string>;

/** A symbol's warnings in the reader's language (its notes), else as the reply words them. */
function warningsOf(symbol: CheckedSymbol, words: NoteWords): string[] {
  if (!symbol.notes) return symbol.warnings;
  return symbol.notes.map((n, i) =>
    n.code in words ? fillMessage(words[n.code as keyof NoteWords], n.params) : (symbol.warnings[i] ?? n.code),
  );
}

/** A shipment line in the reader's language, from its item and outcome. */
function shipmentText(line: ShipmentLine, words: NoteWords): string {
  const key: keyof NoteWords =
    line.item === 'trackingNumber'
      ? line.ok
        ? 'trackingFound'
        : 'trackingMissing'
      : line.item === 'checkDigit'
        ? line.ok
          ? 'checkDigitRight'
          : 'checkDigitWrong'
        : line.item === 'postalCode'
          ? line.ok
            ? 'postalCodeFound'
            : 'postalCodeMissing'
          : line.ok
            ? 'serviceFound'
            : 'serviceMissing';
  return fillMessage(words[key], { value: line.expected });
}

/** Not decoded and not failed: a symbology the decoder does not read (checked with a scanner). */
const unchecked = (s: CheckedSymbol) => s.text === null && s.verdict === 'warn';

/** What was checked and what was not, in one line. */
function summaryOf(label: CheckedLabel, m: (typeof messages)['en']): string {
  const n = label.symbols.length;
  if (n === 0) return m.noSymbols;
  const failed = label.symbols.filter((s) => s.verdict === 'fail').length;
  const notRead = label.symbols.filter(unchecked);
  const warned = label.symbols.filter((s) => s.verdict === 'warn' && !unchecked(s)).length;
  const decoded = label.symbols.filter((s) => s.text !== null).length;
  const head = failed
    ? fillMessage(m.checkSummaryFail, { failed, n })
    : notRead.length
      ? [
          fillMessage(m.checkSummaryChecked, { decoded, n }),
          warned ? fillMessage(m.checkSummaryWarned, { warned }) : '',
        ]
          .filter(Boolean)
          .join('; ')
      : warned
        ? fillMessage(m.checkSummaryWarn, { warned })
        : fillMessage(m.checkSummaryPass, { n });
  if (!notRead.length) return head;
  const names = [...new Set(notRead.map((s) => s.symbology))].join(', ');
  return `${head} · ${fillMessage(m.checkNotChecked, { names })}`;
}

const COLOURS = { pass: '#389e0d', warn: '#d48806', fail: '#cf1322' } as const;
const MARKS = { pass: '✓', warn: '!', fail: '✗' } as const;

/** Shows invisible characters of decoded text (GS, RS, EOT) as the symbols a reader expects. */
const visible = (text: string) =>
  [...text].map((c) => (c.charCodeAt(0) < 0x20 ? String.fromCharCode(0x2400 + c.charCodeAt(0)) : c)).join('');

export interface OverlayGeometry {
  /** Screen pixels per dot of the check. */
  scale: number;
  /** Turn boxes 180° within a label of this size in dots (content turned after the check). */
  flip?: { width: number; height: number };
}

/** The decoded symbols' boxes with ✓/✗, drawn over the preview (absolutely placed in its holder). */
export function CheckOverlay({ label, geometry }: { label: CheckedLabel; geometry: OverlayGeometry }) {
  return (
    <div aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} data-testid="check-overlay">
      {label.symbols.map((s, i) => {
        if (!s.box) return null;
        let { x, y } = s.box;
        const { width, height } = s.box;
        if (geometry.flip) {
          x = geometry.flip.width - x - width;
          y = geometry.flip.height - y - height;
        }
        return (
          <div
            key={i}
            data-testid="check-box"
            data-verdict={s.verdict}
            style={{
              position: 'absolute',
              left: x * geometry.scale,
              top: y * geometry.scale,
              width: Math.max(width * geometry.scale, 6),
              height: Math.max(height * geometry.scale, 6),
              border: `2px solid ${COLOURS[s.verdict]}`,
              background: `${COLOURS[s.verdict]}22`,
            }}
          >
            <span
              style={{
                position: 'absolute',
                top: -2,
                left: -2,
                transform: 'translateY(-100%)',
                background: COLOURS[s.verdict],
                color: '#fff',
                fontSize: 12,
                padding: '0 4px',
                fontWeight: 600,
              }}
            >
              {MARKS[s.verdict]}
            </span>
          </div>
        );
      })}
    </div>
  );
}

function SymbolLine({ symbol }: { symbol: CheckedSymbol }) {
  const m = useMessages(messages);
  const words = useMessages(checkMessages);
  return (
    <List.Item data-testid="check-symbol" data-verdict={symbol.verdict}>
      <Flex vertical gap={2} style={{ width: '100%' }}>
        <span>
          <Tag color={symbol.verdict === 'pass' ? 'success' : symbol.verdict === 'warn' ? 'warning' : 'error'}>
            {MARKS[symbol.verdict]}
          </Tag>
          <Typography.Text strong data-i18n-data>
            {symbol.symbology}
          </Typography.Text>{' '}
          {symbol.text === null ? (
            <Typography.Text type="danger">{m.notDecoded}</Typography.Text>
          ) : (
            <Typography.Text code>{visible(symbol.text)}</Typography.Text>
          )}
        </span>
        {symbol.field ? (
          <Typography.Text type="secondary">
            {fillMessage(m.field, { x: symbol.field.x, y: symbol.field.y, data: visible(symbol.field.data) })}
          </Typography.Text>
        ) : null}
        {warningsOf(symbol, words).map((w) => (
          <Typography.Text key={w} type={symbol.verdict === 'fail' ? 'danger' : 'warning'}>
            {w}
          </Typography.Text>
        ))}
      </Flex>
    </List.Item>
  );
}

/** The check of one label in words: a summary, each symbol, and the shipment lines ✓/✗. */
export function CheckList({ label }: { label: CheckedLabel }) {
  const m = useMessages(messages);
  const words = useMessages(checkMessages);
  const n = label.symbols.length;
  const summary = summaryOf(label, m);
  return (
    <Flex vertical gap={4} data-testid="check-results">
      <Alert
        showIcon
        type={label.verdict === 'pass' ? 'success' : label.verdict === 'warn' ? 'warning' : 'error'}
        title={summary}
        data-testid="check-summary"
      />
      {n ? <List size="small" dataSource={label.symbols} renderItem={(s) => <SymbolLine symbol={s} />} /> : null}
      {label.shipment ? (
        <List
          size="small"
          header={<Typography.Text strong>{m.shipment}</Typography.Text>}
          dataSource={label.shipment}
          renderItem={(c) => (
            <List.Item data-testid="check-shipment" data-item={c.item} data-ok={String(c.ok)}>
              <span>
                <Tag color={c.ok === null ? 'default' : c.ok ? 'success' : 'error'}>
                  {c.ok === null ? '–' : c.ok ? '✓' : '✗'}
                </Tag>
                {shipmentText(c, words)}
              </span>
            </List.Item>
          )}
        />
      ) : null}
    </Flex>
  );
}
