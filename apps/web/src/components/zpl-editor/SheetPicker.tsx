import { Checkbox, Flex, Select, Typography } from 'antd';
import { type LABEL_BORDERS, PAGE_SIZES, type PageSizeName } from '@lab/core/labels/zpl';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** How the PDF download lays labels out on office paper; undefined = one label a page. */
export interface SheetChoice {
  pageSize: PageSizeName;
  orientation: 'Portrait' | 'Landscape';
  /** `<columns>x<rows>` */
  layout: string;
  border: (typeof LABEL_BORDERS)[number];
}

const SHEET_LAYOUTS = ['1x1', '1x2', '2x1', '2x2', '2x3', '3x3', '2x4', '3x4', '4x4'];
const DEFAULT_SHEET: SheetChoice = { pageSize: 'A4', orientation: 'Portrait', layout: '2x3', border: 'Dashed' };

/** The label service headers for a sheet. */
export function sheetHeaders(sheet: SheetChoice | undefined): Record<string, string> {
  if (!sheet) return {};
  return {
    'x-page-size': sheet.pageSize,
    'x-page-orientation': sheet.orientation,
    'x-page-layout': sheet.layout,
    'x-label-border': sheet.border,
  };
}

/** "Print on sheet": page size, orientation, labels per page and border for the PDF download. */
export function SheetPicker({
  value,
  onChange,
}: {
  value: SheetChoice | undefined;
  onChange: (v: SheetChoice | undefined) => void;
}) {
  const m = useMessages(messages);
  const sheet = value ?? DEFAULT_SHEET;
  const set = (patch: Partial<SheetChoice>) => onChange({ ...sheet, ...patch });
  return (
    <Flex gap={8} wrap align="center" data-testid="sheet-picker">
      <Checkbox checked={value !== undefined} onChange={(e) => onChange(e.target.checked ? sheet : undefined)}>
        {m.printOnSheet}
      </Checkbox>
      {value ? (
        <>
          <Select
            aria-label={m.pageSize}
            value={sheet.pageSize}
            onChange={(pageSize) => set({ pageSize })}
            style={{ width: 90 }}
            options={(Object.keys(PAGE_SIZES) as PageSizeName[]).map((p) => ({ value: p, label: p }))}
          />
          <Select
            aria-label={m.orientation}
            value={sheet.orientation}
            onChange={(orientation) => set({ orientation })}
            style={{ width: 110 }}
            options={[
              { value: 'Portrait', label: m.portrait },
              { value: 'Landscape', label: m.landscape },
            ]}
          />
          <Select
            aria-label={m.layout}
            value={sheet.layout}
            onChange={(layout) => set({ layout })}
            style={{ width: 90 }}
            options={SHEET_LAYOUTS.map((l) => ({ value: l, label: l.replace('x', ' × ') }))}
          />
          <Select
            aria-label={m.border}
            value={sheet.border}
            onChange={(border) => set({ border })}
            style={{ width: 100 }}
            options={[
              { value: 'None', label: m.borderNone },
              { value: 'Dashed', label: m.borderDashed },
              { value: 'Solid', label: m.borderSolid },
            ]}
          />
          <Typography.Text type="secondary">{m.sheetHint}</Typography.Text>
        </>
      ) : null}
    </Flex>
  );
}
