import type { CarrierErrorEntry } from '@lab/core/carrier';
import { decodePointer } from '@lab/core/json';
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
    const allowed = (p.allowedValues as unknown[]).map(String);
    const list = allowed.slice(0, 12).join(', ') + (allowed.length > 12 ? `, … (${allowed.length} values)` : '');
    return { code: 'INVALID.FIELD.VALUE', message: `${path} must be one of: ${list}.`, parameterList: param };
  }
  return { code: 'INVALID.INPUT.EXCEPTION', message: `${path} ${err.message ?? 'is invalid'}.`, parameterList: param };
}

export interface CheckResult {
  errors: CarrierErrorEntry[];
  /** Required fields the request omits that the carrier's own samples omit too. */
  warnings: string[];
}

/**
 * Validates request bodies of one operation against its full-schema branch (compiled once). A
 * `required` field that one of the operation's named samples omits is treated as optional: the
 * carrier accepts its own samples (e.g. `requestedShipment.totalWeight`), so it is a warning.
 */
export class OperationChecker {
  readonly validate: ValidateFunction;
  readonly lenient: ReadonlySet<string>;

  constructor(
    readonly document: LoadedDocument,
    readonly operation: OpenApiOperation,
  ) {
    this.validate = document.validators.compile(operation.requestSchema ?? {});
    const lenient = new Set<string>();
    for (const sample of operation.samples) {
      if (this.validate(sample.request)) continue;
      for (const e of this.validate.errors ?? []) {
        if (e.keyword === 'required') lenient.add(pathShape(errorPath(e)));
      }
    }
    this.lenient = lenient;
  }

  check(body: unknown): CheckResult {
    if (this.validate(body)) return { errors: [], warnings: [] };
    const errors: CarrierErrorEntry[] = [];
    const warnings: string[] = [];
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
      const key = `${e.keyword}|${entry.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(entry);
    }
    return { errors, warnings };
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
