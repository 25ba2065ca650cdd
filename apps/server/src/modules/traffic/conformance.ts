import { endpointById } from '@lab/core/carrier';
import { schemaRuleOf } from '@lab/core/json';
import type { TrafficEntry } from '@lab/core/contract';
import type { LabServices } from '../../module.js';
import type { Message } from './message.js';

type Verdict = TrafficEntry['conformance']['request'];
export type Conformance = TrafficEntry['conformance'];

/** Keywords whose errors only summarise what their branches said. */
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if']);

/**
 * The conformance verdicts of a carrier call against its catalogue entry's imported OpenAPI
 * operation: the request body by the operation's checker (as the simulator checks it), the
 * response by the schema of its status. Null where there is nothing to check against, or the body
 * was cut or is not JSON.
 */
export async function conformanceOf(
  openApi: LabServices['openApi'],
  call: { method: string; status: number; endpointId?: string },
  request: Message,
  response: Message,
): Promise<Conformance> {
  const none = { request: null, response: null };
  const ref = call.endpointId === undefined ? undefined : endpointById(call.endpointId)?.operation;
  if (!ref) return none;
  const found = await openApi.store.getOperation(ref.document, ref.method, ref.path);
  if (!found) return none;
  const checker = openApi.checkerFor(found.document, found.operation);
  let requestVerdict: Verdict = null;
  if (call.method !== 'GET' && !request.truncated && (request.parsed !== undefined || request.body === '')) {
    const { errors, rules } = checker.check(request.parsed ?? {});
    const issues = errors.map((e, i) => ({
      path: e.parameterList?.find((p) => p.key === 'path')?.value ?? '$',
      message: e.message,
      rule: rules[i],
    }));
    requestVerdict = { ok: issues.length === 0, issues };
  }
  let responseVerdict: Verdict = null;
  const validate = call.status > 0 ? checker.response(call.status) : undefined;
  if (validate && response.parsed !== undefined) {
    const ok = validate(response.parsed);
    const issues = ok
      ? []
      : (validate.errors ?? [])
          .filter((e) => !SUMMARY_KEYWORDS.has(e.keyword))
          .map((e) => {
            const path = openApi.errorPath(e);
            return {
              path,
              message: e.keyword === 'required' ? `${path} is required` : `${path} ${e.message ?? 'is invalid'}`,
              rule: schemaRuleOf(e),
            };
          });
    responseVerdict = { ok, issues };
  }
  return { request: requestVerdict, response: responseVerdict };
}
