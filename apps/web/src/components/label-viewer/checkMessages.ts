import { defineMessages } from '@/lib/i18n';

/**
 * The label check's sentences about each symbol and the shipment, by the reply's note codes
 * (`@lab/core/labels/check` notes) and shipment items. Values the label carries stay as they are.
 */
export const checkMessages = defineMessages({
  en: {
    outsideArea: 'the symbol lies partly outside the printable area ({width} × {height} dots)',
    outsideImage: 'the symbol lies partly outside the image',
    noField: 'no bar code field of the ZPL draws this symbol (a graphic?)',
    mismatch: 'decoded "{text}" but the field should give "{expected}"',
    narrowBar:
      'the narrow bar is {dots} {dotWord} ({mm} mm): below the {minimum} dots a {dpmm} dpmm printer prints reliably',
    unreadSymbology: '{symbology} is not decoded: the decoder does not read it; check it with a scanner',
    notDecoded:
      'the {symbology} symbol does not decode (clipped by the label edge, overlapped, or its quiet zone covered?)',
    notDecodedOriginOutside: 'the {symbology} symbol does not decode: its origin is outside the printable area',
    notDecodedPastEdge:
      'the {symbology} symbol does not decode: it is about {width} dots wide and runs past the edge of the {printWidth}-dot print width',
    notDecodedMatrixPastEdge:
      'the {symbology} symbol does not decode: it is at least {width} dots wide ({modules} modules of {dots}) and starts at x {x} of the {printWidth}-dot print width',
    notDecodedNarrow: 'the {symbology} symbol does not decode: its narrow bar is too narrow',
    trackingFound: 'a symbol carries the tracking number {value}',
    trackingMissing: 'no symbol carries the tracking number {value}',
    checkDigitRight: 'check digit {value} is right (1-3-7, mod 11)',
    checkDigitWrong: 'check digit {value} is wrong (1-3-7, mod 11)',
    postalCodeFound: 'a symbol carries the postal code {value}',
    postalCodeMissing: 'no symbol encodes the postal code {value}',
    serviceFound: 'a symbol carries the service {value}',
    serviceMissing: 'no symbol encodes the service {value}',
  },
  zh: {
    outsideArea: '条码部分超出可打印区域（{width} × {height} 点）',
    outsideImage: '条码部分超出图像',
    noField: 'ZPL 中没有绘制此条码的条码字段（是图形吗？）',
    mismatch: '解码为 "{text}"，但该字段应为 "{expected}"',
    narrowBar: '最窄条宽 {dots} 点（{mm} 毫米）：低于 {dpmm} dpmm 打印机可靠打印所需的 {minimum} 点',
    unreadSymbology: '{symbology} 未解码：解码器无法读取此类条码，请用扫描枪检查',
    notDecoded: '{symbology} 条码无法解码（被标签边缘裁切、被遮挡，或静区被覆盖？）',
    notDecodedOriginOutside: '{symbology} 条码无法解码：其起点在可打印区域之外',
    notDecodedPastEdge: '{symbology} 条码无法解码：宽约 {width} 点，超出 {printWidth} 点打印宽度的边缘',
    notDecodedMatrixPastEdge:
      '{symbology} 条码无法解码：宽至少 {width} 点（{modules} 个模块，每个 {dots} 点），起点 x 为 {x}，打印宽度 {printWidth} 点',
    notDecodedNarrow: '{symbology} 条码无法解码：最窄条太窄',
    trackingFound: '有条码包含运单号 {value}',
    trackingMissing: '没有条码包含运单号 {value}',
    checkDigitRight: '校验位 {value} 正确（1-3-7，模 11）',
    checkDigitWrong: '校验位 {value} 错误（1-3-7，模 11）',
    postalCodeFound: '有条码包含邮编 {value}',
    postalCodeMissing: '没有条码编码邮编 {value}',
    serviceFound: '有条码包含服务 {value}',
    serviceMissing: '没有条码编码服务 {value}',
  },
});
