import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { buildMagpRows, columnState, magpFileName, NO_CHECK, type StandardField } from '@lab/core/magp';
import { FilePickButton } from '@/components/file-pick';
import { downloadBlob } from '@/components/label-viewer/download';
import { useI18n, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { fill, messages } from './messages';
import { fieldByValue } from './standardFields';
import { fieldOptions, HeaderCell } from './HeaderCell';
import { MagpGrid } from './MagpGrid';
import { spreadsheetKind, type CsvEncoding, type ParsedSheet } from './sheet';
import { parseInWorker, prepareWorker, writeMagpInWorker } from './workerClient';

interface Loaded extends ParsedSheet {
  fileName: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One `performance.measure` per phase, read by bench/magp.ts. */
function measure(name: string, start: number) {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // no User Timing (old browsers): nothing to record
  }
}

export default function MagpBatchPage() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const [sheet, setSheet] = useState<Loaded | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<CsvEncoding>('auto');
  const [headers, setHeaders] = useState<(string | null)[]>([]);
  const [addOns, setAddOns] = useState<string[]>([]);
  const [deleteFirstRow, setDeleteFirstRow] = useState(true);
  const [dataTypeRow, setDataTypeRow] = useState(false);
  const [descriptionRow, setDescriptionRow] = useState(false);
  const [exporting, setExporting] = useState(false);
  const readSeq = useRef(0);
  useEffect(prepareWorker, []);

  const read = useCallback(
    async (f: File, enc: CsvEncoding) => {
      if (spreadsheetKind(f.name) === null) {
        notify.error(m.wrongType);
        return;
      }
      const seq = ++readSeq.current;
      const start = performance.now();
      setReading(f.name);
      try {
        const parsed = await parseInWorker(f, enc);
        if (seq !== readSeq.current) return;
        measure('magp:parse', start);
        setFile(f);
        setSheet({ ...parsed, fileName: f.name });
        setHeaders(Array.from({ length: parsed.columns }, () => null));
        setAddOns([]);
      } catch (error) {
        console.warn('magp: cannot read', f.name, error);
        if (seq === readSeq.current) notify.error(m.readFailed);
      } finally {
        if (seq === readSeq.current) setReading(null);
      }
    },
    [m],
  );

  const fields = useMemo(() => headers.map((h) => (h ? fieldByValue.get(h) : undefined)), [headers]);
  const fromRow = deleteFirstRow ? 1 : 0;

  // Column states, recomputed only for the columns whose field changed (cache by column+field).
  const stateCache = useRef(new Map<string, number>());
  const cacheOwner = useRef<{ rows: unknown; fromRow: number } | null>(null);
  const states = useMemo(() => {
    if (!sheet) return [];
    if (cacheOwner.current?.rows !== sheet.rows || cacheOwner.current.fromRow !== fromRow) {
      stateCache.current.clear();
      cacheOwner.current = { rows: sheet.rows, fromRow };
    }
    const start = performance.now();
    let checked = false;
    const out = fields.map((field: StandardField | undefined, c) => {
      if (!field) return NO_CHECK;
      const key = `${c}\u0000${field.value}`;
      const cached = stateCache.current.get(key);
      if (cached !== undefined) return cached;
      const n = columnState(sheet.rows, c, field, fromRow);
      stateCache.current.set(key, n);
      checked = true;
      return n;
    });
    if (checked) measure('magp:check', start);
    return out;
  }, [sheet, fields, fromRow]);

  const taken = useMemo(() => new Set(headers.filter((h): h is string => h !== null)), [headers]);
  const onHeader = useCallback((column: number, value: string | null) => {
    setHeaders((prev) => {
      const next = prev.slice();
      // A field belongs to one column: choosing it here frees it elsewhere (the dropdowns also disable it).
      if (value !== null) for (let i = 0; i < next.length; i++) if (next[i] === value) next[i] = null;
      next[column] = value;
      return next;
    });
  }, []);

  const reset = () => {
    readSeq.current++;
    setSheet(null);
    setFile(null);
    setHeaders([]);
    setAddOns([]);
  };

  const doExport = async () => {
    const guide = dataTypeRow || descriptionRow;
    const rows = sheet
      ? buildMagpRows({
          rows: sheet.rows,
          headers,
          addOns,
          deleteFirstRow,
          dataTypeRow,
          descriptionRow,
          fields: fieldByValue,
        })
      : null;
    if (!sheet || !rows) {
      notify.warning(m.nothingToExport);
      return;
    }
    setExporting(true);
    try {
      const bytes = await writeMagpInWorker(rows);
      const name = magpFileName(sheet.fileName, guide);
      downloadBlob(new Blob([bytes as BlobPart], { type: XLSX_TYPE }), name);
      notify.success(fill(m.exported, { file: name }));
      reset();
    } catch (error) {
      notify.error(fill(m.exportFailed, { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setExporting(false);
    }
  };

  const addOnOptions = useMemo(() => fieldOptions(taken, null, lang), [taken, lang]);
  const isCsv = file ? spreadsheetKind(file.name) === 'csv' : false;

  return (
    <div>
      <Typography.Title level={3}>{m.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <FilePickButton accept=".xls,.xlsx,.csv" loading={reading !== null} onFile={(f) => void read(f, encoding)}>
          {m.upload}
        </FilePickButton>
        <span>{m.encoding}</span>
        <Select
          aria-label={m.encoding}
          value={encoding}
          style={{ width: 210 }}
          onChange={(e: CsvEncoding) => {
            setEncoding(e);
            if (file && isCsv) void read(file, e);
          }}
          options={[
            { value: 'auto', label: m.encodingAuto },
            { value: 'utf-8', label: m.encodingUtf8 },
            { value: 'gbk', label: m.encodingGbk },
          ]}
        />
        <Tooltip
          title={
            <div>
              <div>{m.typeString}</div>
              <div>{m.typeNumber}</div>
              <div>{m.typeDate}</div>
              <div>{m.typeEnum}</div>
            </div>
          }
        >
          <Button type="link" icon={<QuestionCircleOutlined />} aria-label={m.dataTypes}>
            {m.dataTypes}
          </Button>
        </Tooltip>
      </Space>
      <Space wrap align="center" size="large" style={{ marginBottom: 12 }}>
        <label>
          <Switch size="small" checked={deleteFirstRow} onChange={setDeleteFirstRow} aria-label={m.deleteFirstRow} />{' '}
          {m.deleteFirstRow}
        </label>
        <label>
          <Switch size="small" checked={dataTypeRow} onChange={setDataTypeRow} aria-label={m.addDataTypeRow} />{' '}
          {m.addDataTypeRow}
        </label>
        <label>
          <Switch size="small" checked={descriptionRow} onChange={setDescriptionRow} aria-label={m.addDescriptionRow} />{' '}
          {m.addDescriptionRow}
        </label>
      </Space>
      <Space wrap align="center" style={{ marginBottom: 12, width: '100%' }}>
        <span>{m.addOnFields}</span>
        <Select
          mode="tags"
          aria-label={m.addOnFields}
          placeholder={m.addOnPlaceholder}
          value={addOns}
          onChange={setAddOns}
          options={addOnOptions}
          style={{ minWidth: 420 }}
          tokenSeparators={[',']}
        />
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void doExport()} loading={exporting}>
          {m.export}
        </Button>
      </Space>
      {reading && (
        <Alert type="info" showIcon title={fill(m.reading, { name: reading })} style={{ marginBottom: 12 }} />
      )}
      {sheet && (
        <>
          <Typography.Paragraph data-testid="magp-file-info">
            {fill(m.fileInfo, { name: sheet.fileName, rows: sheet.rows.length, columns: sheet.columns })}
            {sheet.encoding && ` · ${fill(m.readAs, { encoding: sheet.encoding.toUpperCase() })}`}
          </Typography.Paragraph>
          {sheet.rows.length === 0 ? (
            <Alert type="warning" title={m.empty} />
          ) : (
            <MagpGrid
              rows={sheet.rows}
              columns={sheet.columns}
              fields={fields}
              fromRow={fromRow}
              renderHeader={(c) => (
                <HeaderCell
                  column={c}
                  value={headers[c] ?? null}
                  state={states[c] ?? NO_CHECK}
                  taken={taken}
                  onChange={onHeader}
                />
              )}
            />
          )}
        </>
      )}
    </div>
  );
}
