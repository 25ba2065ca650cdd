import { defineMessages } from '@/lib/i18n';

/** Log Beautifier's words. */
export const messages = defineMessages({
  en: {
    placeholder: 'Paste log lines',
    mask: 'Mask secrets',
    copyCleaned: 'Copy cleaned',
    copied: 'text copied to clipboard',
    found: '{n} document(s) found',
    masked: ', {n} secret(s) masked',
    xml: 'XML · {n} lines',
    json: 'JSON · {n} lines',
    jsonEscaped: 'JSON (escaped in a string) · {n} lines',
  },
  zh: {
    placeholder: '粘贴日志行',
    mask: '遮盖密钥',
    copyCleaned: '复制整理后的文本',
    copied: '文本已复制到剪贴板',
    found: '找到 {n} 个文档',
    masked: '，已遮盖 {n} 个密钥',
    xml: 'XML · {n} 行',
    json: 'JSON · {n} 行',
    jsonEscaped: 'JSON（在字符串中转义）· {n} 行',
  },
});
