import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { CheckList } from './CheckResults';
import type { LabelCheckReply } from './labelCheck';

type CheckedLabel = LabelCheckReply['labels'][number];

const tracking = {
  symbology: 'Code 128',
  text: '794000000014',
  box: { x: 100, y: 200, width: 400, height: 150 },
  field: { x: 100, y: 200, symbology: 'Code 128', data: '>;794000000014', byteIndex: 20, expected: '794000000014' },
  verdict: 'pass' as const,
  warnings: [],
  notes: [],
};
const maxiCode = {
  symbology: 'MaxiCode',
  text: null,
  box: null,
  field: { x: 20, y: 400, symbology: 'MaxiCode', data: '[)>…', byteIndex: 80, expected: '[)>…' },
  verdict: 'warn' as const,
  warnings: ['MaxiCode is not decoded: the decoder (zxing-cpp) does not find MaxiCode on a rendered label'],
  notes: [{ code: 'unreadSymbology', params: { symbology: 'MaxiCode' } }],
};
const label: CheckedLabel = {
  index: 0,
  verdict: 'warn',
  symbols: [tracking, maxiCode],
  shipment: [
    { item: 'trackingNumber', expected: '794000000014', found: '794000000014', ok: true, message: 'x' },
    { item: 'checkDigit', expected: '4', found: '794000000014', ok: true, message: 'x' },
    { item: 'postalCode', expected: '90212', found: '0290212', ok: true, message: 'x' },
    { item: 'service', expected: 'PRIORITY_OVERNIGHT', found: null, ok: null, message: 'x' },
  ],
};

describe('the label check in words', () => {
  it('says what was checked and what was not: a MaxiCode the decoder cannot read is not "every symbol decodes"', () => {
    renderWithProviders(<CheckList label={label} />);
    const summary = screen.getByTestId('check-summary');
    expect(summary).not.toHaveTextContent('Every symbol decodes');
    expect(summary).toHaveTextContent(
      '1 of 2 symbols decoded and checked · not checked: MaxiCode (the decoder does not read it; check it with a scanner)',
    );
  });

  it('words warnings and shipment lines in Chinese under zh-CN, the label’s values as they are', () => {
    renderWithProviders(<CheckList label={label} />, { lang: 'zh' });
    expect(screen.getByTestId('check-summary')).toHaveTextContent(
      '2 个条码中已解码并检查 1 个 · 未检查：MaxiCode（解码器无法读取，请用扫描枪检查）',
    );
    expect(screen.getAllByTestId('check-symbol')[1]).toHaveTextContent(
      'MaxiCode 未解码：解码器无法读取此类条码，请用扫描枪检查',
    );
    expect(screen.getAllByTestId('check-shipment').map((l) => l.textContent)).toEqual([
      '✓有条码包含运单号 794000000014',
      '✓校验位 4 正确（1-3-7，模 11）',
      '✓有条码包含邮编 90212',
      '–没有条码编码服务 PRIORITY_OVERNIGHT',
    ]);
  });

  it('words the same lines in English from their codes', () => {
    renderWithProviders(<CheckList label={label} />);
    expect(screen.getAllByTestId('check-shipment').map((l) => l.textContent)).toEqual([
      '✓a symbol carries the tracking number 794000000014',
      '✓check digit 4 is right (1-3-7, mod 11)',
      '✓a symbol carries the postal code 90212',
      '–no symbol encodes the service PRIORITY_OVERNIGHT',
    ]);
  });
});
