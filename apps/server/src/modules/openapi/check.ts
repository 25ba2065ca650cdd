import type { CarrierErrorEntry } from '@lab/core/carrier';
import { decodePointer, listValues, schemaRuleOf, type SchemaRule } from '@lab/core/json';
import type { OpenApiOperation } from '@lab/core/contract';
import type { ErrorObject, ValidateFunction } from './validators.js';
import type { LoadedDocument } from './store.js';

/**
 * Where an Ajv error is, as people read it: its instance path (a JSON Pointer) as `a[0].b`, with
 * the missing property's own name for a `required` error (`a[0].b.c`); `$` for the root.
 */
export function errorPath(err: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string {
  const keys = decodePointer(err.instancePath) ?? [];
  if (err.keyword === 'required') keys.push(String((err.params as { missingProperty?: unknown }).missingProperty));
  return keys.reduce((acc, k) => (/^\d+$/.test(k) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '') || '$';
}

/** A path with array indices dropped (`a[0].b` → `a[].b`): how leniency is matched. */
const pathShape = (p: string) => p.replace(/\[\d+\]/g, '[]');

function describe(err: ErrorObject): CarrierErrorEntry {
  const p = err.params as Record<string, unknown>;
  const path = errorPath(err);
  const param = [{ key: 'path', value: path }];
  if (err.keyword === 'required')
    return { code: 'FIELD.REQUIRED', message: `${path} is required.`, parameterList: param };
  if (err.keyword === 'type') {
    return { code: 'INVALID.FIELD.TYPE', message: `${path} must be ${String(p.type)}.`, parameterList: param };
  }
  if (err.keyword === 'enum') {
    const list = listValues(p.allowedValues as unknown[]);
    return { code: 'INVALID.FIELD.VALUE', message: `${path} must be one of: ${list}.`, parameterList: param };
  }
  return { code: 'INVALID.INPUT.EXCEPTION', message: `${path} ${err.message ?? 'is invalid'}.`, parameterList: param };
}

export interface CheckResult {
  errors: CarrierErrorEntry[];
  /** The schema rule each of `errors` breaks (same order), for a screen to word it. */
  rules: SchemaRule[];
  /** Required fields the request omits that the carrier's own samples omit too. */
  warnings: string[];
  /**
   * What else the request breaks the way the carrier's own samples do (a number where the schema
   * says string, an enum value the samples use, …): accepted, each said in a sentence.
   */
  accepted: string[];
}

/** The value at an Ajv instance path (a JSON Pointer) of `root`. */
function valueAt(root: unknown, pointer: string): unknown {
  let v: unknown = root;
  for (const k of decodePointer(pointer) ?? []) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * What makes a violation the samples commit the same as one a request commits: the keyword and
 * the path's shape, and for `type` the value's JSON type, for `enum` the value itself.
 */
function leniencyKey(err: ErrorObject, body: unknown): string {
  const shape = pathShape(errorPath(err));
  const v = valueAt(body, err.instancePath);
  if (err.keyword === 'type') return `type|${shape}|${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`;
  if (err.keyword === 'enum') return `enum|${shape}|${JSON.stringify(v)}`;
  return `${err.keyword}|${shape}`;
}

const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if', 'required']);

/**
 * Validates request bodies of one operation against its full-schema branch (compiled once). A
 * `required` field that one of the operation's named samples omits is treated as optional: the
 * carrier accepts its own samples (e.g. `requestedShipment.totalWeight`), so it is a warning.
 */
export class OperationChecker {
  readonly validate: ValidateFunction;
  readonly lenient: ReadonlySet<string>;
  /** leniencyKey of every other violation a named sample commits (accepted the same on a request). */
  readonly samplesBreak: ReadonlySet<string>;

  constructor(
    readonly document: LoadedDocument,
    readonly operation: OpenApiOperation,
  ) {
    this.validate = document.validators.compile(operation.requestSchema ?? {});
    const lenient = new Set<string>();
    const samplesBreak = new Set<string>();
    for (const sample of operation.samples) {
      if (this.validate(sample.request)) continue;
      for (const e of this.validate.errors ?? []) {
        if (e.keyword === 'required') lenient.add(pathShape(errorPath(e)));
        else if (!SUMMARY_KEYWORDS.has(e.keyword)) samplesBreak.add(leniencyKey(e, sample.request));
      }
    }
    this.lenient = lenient;
    this.samplesBreak = samplesBreak;
  }

  check(body: unknown): CheckResult {
    if (this.validate(body)) return { errors: [], rules: [], warnings: [], accepted: [] };
    const errors: CarrierErrorEntry[] = [];
    const rules: SchemaRule[] = [];
    const warnings: string[] = [];
    const accepted: string[] = [];
    const seen = new Set<string>();
    for (const e of this.validate.errors ?? []) {
      const entry = describe(e);
      const path = entry.parameterList?.[0]?.value ?? '';
      if (e.keyword === 'required' && this.lenient.has(pathShape(path))) {
        if (!warnings.includes(path)) warnings.push(path);
        continue;
      }
      // oneOf/anyOf summaries repeat what their branches said.
      if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
      if (e.keyword !== 'required' && this.samplesBreak.has(leniencyKey(e, body))) {
        const said = `${entry.message.replace(/\.$/, '')}; accepted because the carrier's own samples do the same`;
        if (!accepted.includes(said)) accepted.push(said);
        continue;
      }
      const key = `${e.keyword}|${entry.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(entry);
      rules.push(schemaRuleOf(e));
    }
    return { errors, rules, warnings, accepted };
  }

  /** The response validator for a status (falls back to `default`), or undefined. */
  response(status: number): ValidateFunction | undefined {
    const r = this.operation.responses[String(status)] ?? this.operation.responses.default;
    return r?.schema ? this.document.validators.compile(r.schema) : undefined;
  }
}

const checkers = new WeakMap<OpenApiOperation, OperationChecker>();

export function checkerFor(document: LoadedDocument, operation: OpenApiOperation): OperationChecker {
  let c = checkers.get(operation);
  if (!c) {
    c = new OperationChecker(document, operation);
    checkers.set(operation, c);
  }
  return c;
}
