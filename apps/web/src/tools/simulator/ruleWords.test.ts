// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { issueText } from './ruleWords';

const required = {
  path: 'countryCode',
  message: 'countryCode is required.',
  rule: { keyword: 'required', params: { missingProperty: 'countryCode' } },
};

describe('traffic conformance issues', () => {
  it('English shows the server’s sentence; Chinese words the rule the issue breaks', () => {
    expect(issueText('en', required)).toBe('countryCode is required.');
    expect(issueText('zh', required)).toBe('缺少必填字段 countryCode');
    const type = {
      path: 'output.cityFirstInitials',
      message: 'x',
      rule: { keyword: 'type', params: { type: 'string' } },
    };
    expect(issueText('zh', type)).toBe('output.cityFirstInitials 应为 string 类型');
    const max = {
      path: 'a.b',
      message: 'a.b must be <= 5',
      rule: { keyword: 'maximum', params: { comparison: '<=', limit: '5' } },
    };
    expect(issueText('zh', max)).toBe('a.b 应 <= 5');
  });

  it('an enum lists its values, a long list says how many in Chinese', () => {
    const rule = { keyword: 'enum', params: { allowedValues: 'A, B, … (30 values)' } };
    expect(issueText('zh', { path: 'x', message: 'x', rule })).toBe('x 应为以下值之一：A, B, …（共 30 个值）');
  });

  it('a keyword without its own words names the rule; an issue without a rule shows the sentence as recorded', () => {
    const odd = { path: 'p', message: 'p must match', rule: { keyword: 'propertyNames', params: {} } };
    expect(issueText('zh', odd)).toBe('p 不符合文档的 propertyNames 规则');
    expect(issueText('zh', { path: 'p', message: 'p must be string' })).toBe('p must be string');
  });
});
