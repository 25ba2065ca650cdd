import type { TrafficEntry } from '@lab/core/contract';
import { fillMessage } from '@/lib/i18n';

type Issue = NonNullable<TrafficEntry['conformance']['request']>['issues'][number];

/**
 * The traffic log's conformance issues in Chinese, by the schema rule each breaks (the server's
 * `rule`: Ajv's keyword and params); `{path}` is the issue's JSON path. English shows the server's
 * sentence. A keyword not listed says which rule it is (`other`).
 */
export const ruleWordsZh: Readonly<Record<string, string>> = {
  required: '缺少必填字段 {path}',
  type: '{path} 应为 {type} 类型',
  enum: '{path} 应为以下值之一：{allowedValues}',
  const: '{path} 应等于 {allowedValue}',
  format: '{path} 应符合格式 "{format}"',
  pattern: '{path} 应匹配模式 "{pattern}"',
  minLength: '{path} 不应少于 {limit} 个字符',
  maxLength: '{path} 不应多于 {limit} 个字符',
  minItems: '{path} 不应少于 {limit} 项',
  maxItems: '{path} 不应多于 {limit} 项',
  minProperties: '{path} 不应少于 {limit} 个属性',
  maxProperties: '{path} 不应多于 {limit} 个属性',
  minimum: '{path} 应 {comparison} {limit}',
  maximum: '{path} 应 {comparison} {limit}',
  exclusiveMinimum: '{path} 应 {comparison} {limit}',
  exclusiveMaximum: '{path} 应 {comparison} {limit}',
  multipleOf: '{path} 应为 {multipleOf} 的倍数',
  uniqueItems: '{path} 不应有重复项（第 {j} 项与第 {i} 项相同）',
  additionalProperties: '{path} 不应有额外的属性 {additionalProperty}',
  not: '{path} 不应符合 not 子模式',
  other: '{path} 不符合文档的 {keyword} 规则',
};

/** `… (12 values)` of an enum list, in Chinese. */
const zhCount = (text: string) => text.replace(/… \((\d+) values\)$/, '…（共 $1 个值）');

/** An issue in the reader's language; an issue recorded without its rule shows the server's sentence. */
export function issueText(lang: 'en' | 'zh', issue: Issue): string {
  if (lang === 'en' || !issue.rule) return issue.message;
  const { keyword, params } = issue.rule;
  const template = Object.hasOwn(ruleWordsZh, keyword) ? ruleWordsZh[keyword]! : ruleWordsZh.other!;
  const values: Record<string, string> = { ...params, keyword, path: issue.path || '$' };
  if (params.allowedValues) values.allowedValues = zhCount(params.allowedValues);
  return fillMessage(template, values);
}
