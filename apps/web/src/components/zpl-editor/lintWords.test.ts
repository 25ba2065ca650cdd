import { describe, expect, it } from 'vitest';
import { LINT_TEMPLATES, lintText, type LintCode } from '@lab/core/labels/zpl';
import { lintMessage, lintWordsZh } from './lintWords';

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('the ZPL linter in Chinese', () => {
  it('words every code with the same values as the English sentence', () => {
    for (const code of Object.keys(LINT_TEMPLATES) as LintCode[]) {
      expect(placeholders(lintWordsZh[code]), code).toEqual(placeholders(LINT_TEMPLATES[code]));
    }
  });

  it('reads the English warning back and words it in Chinese; English and unknown text stay as they are', () => {
    const message = lintText('param-number', { name: 'y', text: '--', used: 0 });
    expect(message).toBe('invalid y "--": expected a number; 0 is used instead');
    expect(lintMessage('zh', message)).toBe('y 的值 "--" 无效：应为数字；改用 0');
    expect(lintMessage('en', message)).toBe(message);
    expect(lintMessage('zh', 'the engine said no')).toBe('the engine said no');
  });
});
