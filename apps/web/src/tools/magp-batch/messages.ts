import { defineMessages, type Lang } from '@/lib/i18n';

export const messages = defineMessages({
  en: {
    title: 'MAGP Batch',
    intro:
      'Turn a customer’s spreadsheet into the batch-shipping template: choose a standard field above each column, fix what is flagged, export. Files never leave this browser.',
    upload: 'Upload .xls / .xlsx / .csv',
    wrongType: 'Only .xls, .xlsx and .csv files can be read',
    readFailed: 'This file could not be read as a spreadsheet',
    reading: 'Reading {name}…',
    fileInfo: '{name} · {rows} rows × {columns} columns',
    empty: 'The first sheet of this file is empty',
    encoding: 'CSV encoding',
    encodingAuto: 'Detect (UTF-8 or GBK)',
    encodingUtf8: 'UTF-8',
    encodingGbk: 'GBK (Chinese Excel)',
    readAs: 'read as {encoding}',
    deleteFirstRow: 'delete 1st row of your template',
    addDataTypeRow: 'add data type row',
    addDescriptionRow: 'add description row',
    addOnFields: 'add-on fields',
    addOnPlaceholder: 'choose fields or type your own',
    dataTypes: 'data types',
    typeString: 'String: any text; longer than the field’s max length is an error.',
    typeNumber: 'Number: digits with an optional sign, decimal point and exponent, e.g. 68.25.',
    typeDate: 'Date: YYYY-MM-DD, e.g. 2024-05-20.',
    typeEnum: 'Enum: one of the carrier’s codes, e.g. SENDER — feature to be defined',
    export: 'Export',
    nothingToExport: 'Nothing to export: upload a file and choose a header for at least one column',
    exported: '{file} exported',
    exportFailed: 'Export failed: {message}',
    noCheck: 'no check',
    noError: 'no error',
    errorsOne: '{n} error',
    errorsOther: '{n} errors',
    chooseField: 'select a field',
    columnField: 'Column {column} field',
    tooLong: '{n} characters too long (max {max})',
    notNumber: 'not a number',
    notDate: 'not a date (YYYY-MM-DD)',
    maxLength: 'max {n}',
    noMaxLength: 'no max length',
    example: 'e.g. {example}',
    deletedRow: 'not exported (1st row deleted)',
  },
  zh: {
    title: 'MAGP 批量模板',
    intro: '把客户的表格转换成批量发货模板：为每一列选择标准字段，修正标红的单元格，然后导出。文件不会离开本浏览器。',
    upload: '上传 .xls / .xlsx / .csv',
    wrongType: '只能读取 .xls、.xlsx 和 .csv 文件',
    readFailed: '无法将此文件读取为表格',
    reading: '正在读取 {name}…',
    fileInfo: '{name} · {rows} 行 × {columns} 列',
    empty: '此文件的第一个工作表为空',
    encoding: 'CSV 编码',
    encodingAuto: '自动识别（UTF-8 或 GBK）',
    encodingUtf8: 'UTF-8',
    encodingGbk: 'GBK（中文 Excel）',
    readAs: '按 {encoding} 读取',
    deleteFirstRow: '删除模板的第 1 行',
    addDataTypeRow: '添加数据类型行',
    addDescriptionRow: '添加说明行',
    addOnFields: '附加字段',
    addOnPlaceholder: '选择字段或输入自定义字段',
    dataTypes: '数据类型',
    typeString: 'String：任意文本；超过字段最大长度即为错误。',
    typeNumber: 'Number：数字，可带正负号、小数点和指数，例如 68.25。',
    typeDate: 'Date：YYYY-MM-DD，例如 2024-05-20。',
    typeEnum: 'Enum：承运商代码之一，例如 SENDER —— 功能待定（feature to be defined）',
    export: '导出',
    nothingToExport: '没有可导出的内容：请上传文件并至少为一列选择表头',
    exported: '已导出 {file}',
    exportFailed: '导出失败：{message}',
    noCheck: '未检查',
    noError: '无错误',
    errorsOne: '{n} 个错误',
    errorsOther: '{n} 个错误',
    chooseField: '选择字段',
    columnField: '第 {column} 列字段',
    tooLong: '超出 {n} 个字符（最多 {max}）',
    notNumber: '不是数字',
    notDate: '不是日期（YYYY-MM-DD）',
    maxLength: '最长 {n}',
    noMaxLength: '无长度限制',
    example: '例如 {example}',
    deletedRow: '不导出（已删除第 1 行）',
  },
});

/** Fills `{name}` placeholders. */
export function fill(template: string, values: object): string {
  const v = values as Record<string, unknown>;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in v ? String(v[k]) : m));
}

const pluralRules = { en: new Intl.PluralRules('en-US'), zh: new Intl.PluralRules('zh-CN') };

/** `1 error`, `2 errors` (`1 个错误`): the language's plural rules pick the form. */
export function errorCount(m: { errorsOne: string; errorsOther: string }, lang: Lang, n: number): string {
  return fill(pluralRules[lang].select(n) === 'one' ? m.errorsOne : m.errorsOther, { n });
}
