import { lintNoteOf, type LintCode } from '@lab/core/labels/zpl';
import { fillMessage, type Lang } from '@/lib/i18n';

/**
 * The ZPL linter's sentences in Chinese, by the code core's linter writes them with
 * (`LINT_TEMPLATES`). Command names, parameter names and values stay as ZPL spells them.
 */
export const lintWordsZh: Readonly<Record<LintCode, string>> = {
  'graphic-crc': '{kind} 数据未通过 CRC 校验',
  'graphic-base64': '{kind} 数据不是有效的 base64',
  'graphic-inflate': 'Z64 数据无法解压',
  'graphic-row': '每行字节数至少为 1',
  'graphic-char': '图形数据中有意外的字符 "{char}"',
  'graphic-size': '图形声明 {declared} 字节，但数据有 {held} 字节',
  'origin-x': '字段原点 x {x} 超出标签宽度 {width} 点',
  'origin-y': '字段原点 y {y} 超出标签长度 {height} 点',
  'field-open': '字段数据 {command} 没有以 ^FS 结束',
  'unknown-command': '未知指令 {command}，已忽略',
  'xa-inside': '标签内出现 ^XA（之前没有 ^XZ），已忽略',
  'xz-alone': '^XZ 之前没有 ^XA',
  'no-format': '之前没有下载存储格式 {name}（^DF）',
  'no-xz': '标签没有 ^XZ',
  'code128-char': '字符 "{char}" 无法用 Code 128 编码',
  'code128-pairs': 'Code 128 子集 C（>;）只接受成对数字："{part}" 不是',
  'ucc-digits': 'Code 128 UCC 模式（U）只接受数字',
  'ucc-long': 'Code 128 UCC 模式（U）只使用前 19 位数字；多出的 {extra} 位被忽略',
  'ucc-short': 'Code 128 UCC 模式（U）需要 19 位数字；{count} 位会用 0 补齐',
  'ean-digits': 'EAN-13 数据只能是数字',
  'ean-length': 'EAN-13 需要 12 位数字加 1 位校验位；实际为 {count} 位',
  'ean-check': 'EAN-13 校验位应为 {check}，而不是 {got}；打印的是 {check}',
  'qr-mode': 'QR Code 数据应以纠错级别和输入模式开头，例如 "QA,"；开头的字符会被当作这两项读取',
  'param-choice': '{name} 的值 "{text}" 无效：可用 {values}；改用 {used}',
  'param-choice-nodefault': '{name} 的值 "{text}" 无效：可用 {values}',
  'param-number': '{name} 的值 "{text}" 无效：应为数字；改用 {used}',
  'param-number-nodefault': '{name} 的值 "{text}" 无效：应为数字',
  'param-min': '{name} {value} 小于最小值 {min}；改用 {min}',
  'param-max': '{name} {value} 大于最大值 {max}；改用 {max}',
};

/** A linter warning's message in the reader's language (a message the linter did not write stays as it is). */
export function lintMessage(lang: Lang, message: string): string {
  if (lang === 'en') return message;
  const note = lintNoteOf(message);
  return note ? fillMessage(lintWordsZh[note.code], note.values) : message;
}
