import { defineMessages } from '@/lib/i18n';

/** Translate Weird Text's words. */
export const messages = defineMessages({
  en: {
    intro:
      'Paste text that came out garbled: UTF-8 read as Latin-1/Windows-1252 (Ã©), Chinese mojibake between UTF-8 and GBK (鍖椾含), \\uXXXX or \\xXX escapes, %XX URL encoding, HTML entities, base64 or quoted-printable — and chains of two of them.',
    placeholder: 'Paste garbled text',
    translate: 'Translate',
    required: 'enter some text',
    none: 'No repair found: the text reads the same under every transformation',
    copy: 'Copy',
    copied: 'text copied to clipboard',
    unrecoverable: 'unrecoverable',
    unrecoverableWhy:
      'The original characters were lost before this text reached you (replacement characters, 锟斤拷 or ?): no transformation can bring them back.',
    partly: 'partly repaired',
    partlyWhy: 'The marked characters could not be repaired and are shown as they were.',
  },
  zh: {
    intro:
      '粘贴显示为乱码的文本：被当作 Latin-1/Windows-1252 读取的 UTF-8（Ã©）、UTF-8 与 GBK 之间的中文乱码（鍖椾含）、\\uXXXX 或 \\xXX 转义、%XX URL 编码、HTML 实体、base64 或 quoted-printable——以及其中两种的组合。',
    placeholder: '粘贴乱码文本',
    translate: '翻译',
    required: '请输入一些文本',
    none: '没有找到修复：该文本在每种转换下都相同',
    copy: '复制',
    copied: '文本已复制到剪贴板',
    unrecoverable: '无法恢复',
    unrecoverableWhy: '原来的字符在文本到达之前就已丢失（替换字符、锟斤拷 或 ?）：任何转换都无法恢复。',
    partly: '部分修复',
    partlyWhy: '标记的字符无法修复，按原样显示。',
  },
});
