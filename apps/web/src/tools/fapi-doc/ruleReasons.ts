import { DIFF_RULES, reasonOf, type DiffRule } from '@lab/core/openapi-diff';
import type { Lang } from '@/lib/i18n';

/** The Chinese of each diff rule's reason (the English is core's `DIFF_RULES`); every rule has one. */
const ZH_REASONS: Record<DiffRule, string> = {
  'operation.added': '新增接口：现有调用不受影响',
  'operation.removed': '客户端可能调用的接口已删除',
  'parameter.required-added': '新增必填参数：现有调用缺少它',
  'parameter.optional-added': '新增可选参数：现有调用仍然有效',
  'parameter.removed': '客户端可能发送的参数不再被读取',
  'parameter.made-required': '可选参数变为必填：不带它的调用会失败',
  'parameter.made-optional': '必填参数变为可选',
  'parameter.type-changed': '参数的类型或格式变了：客户端发送的值可能被拒绝',
  'request-body.added-required': '新增必填请求体：现有调用没有发送',
  'request-body.added-optional': '新增可选请求体',
  'request-body.removed': '客户端发送的请求体不再被读取',
  'request.required-field-added': '新增必填请求字段：现有请求缺少它',
  'request.optional-field-added': '新增可选请求字段',
  'request.field-removed': '客户端可能发送的请求字段不再被读取',
  'request.made-required': '可选请求字段变为必填',
  'request.made-optional': '必填请求字段变为可选',
  'request.type-changed': '请求字段的类型变了：客户端发送的值可能被拒绝',
  'request.format-changed': '请求字段的格式变了：客户端发送的值可能被拒绝',
  'request.enum-narrowed': '请求枚举删除了取值：客户端可能正在发送它',
  'request.enum-widened': '请求枚举增加了取值',
  'request.limit-narrowed': '请求限制变严：客户端发送的值可能被拒绝',
  'request.limit-widened': '请求限制放宽',
  'request.pattern-changed': '请求的 pattern 变了：客户端发送的值可能不再匹配',
  'request.default-changed': '请求默认值变了：省略该字段的客户端会得到不同的行为',
  'response.field-added': '新增响应字段：客户端忽略不读取的字段',
  'response.field-removed': '客户端可能读取的响应字段已删除',
  'response.made-optional': '原本总会出现的响应字段现在可能缺失',
  'response.made-required': '响应字段现在总会出现',
  'response.type-changed': '响应字段的类型变了：客户端可能无法读取',
  'response.format-changed': '响应字段的格式变了：客户端可能无法解析',
  'response.enum-widened': '响应枚举增加了取值：客户端可能遇到不认识的值',
  'response.enum-narrowed': '响应枚举删除了取值',
  'response.limit-widened': '响应限制放宽：客户端可能收到文档说不会出现的值',
  'response.limit-narrowed': '响应限制变严',
  'response.pattern-changed': '响应的 pattern 变了',
  'response.default-changed': '响应默认值变了（默认值只是描述，不是约束）',
  'response.status-added': '新增文档化的响应状态码',
  'response.success-removed': '客户端读取的成功响应已删除',
  'response.status-removed': '错误响应不再出现在文档中',
  'doc.description-changed': '只有描述变了',
  'doc.example-changed': '只有示例变了',
  'doc.summary-changed': '只有接口摘要变了',
};

/** A rule's reason in the page's language (the rule id itself when the server names one we do not know). */
export function ruleReason(rule: string, lang: Lang): string {
  if (!(rule in DIFF_RULES)) return rule;
  return lang === 'zh' ? ZH_REASONS[rule as DiffRule] : reasonOf(rule as DiffRule);
}
