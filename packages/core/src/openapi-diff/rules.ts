/**
 * How a change between two releases of an OpenAPI document affects a *client* of the API: each
 * rule has an id (what the CLI, the API and the web's translations name), a class and the reason
 * in one sentence. The class of a change depends on its direction: what the client sends
 * (request, parameters) may only get looser without breaking it; what it reads (response) may
 * only get tighter.
 */

export const CHANGE_CLASSES = ['breaking', 'non-breaking', 'doc-only'] as const;
export type ChangeClass = (typeof CHANGE_CLASSES)[number];

export const DIFF_RULES = {
  'operation.added': ['non-breaking', 'a new operation: no existing call changes'],
  'operation.removed': ['breaking', 'an operation the client may call is gone'],
  'parameter.required-added': ['breaking', 'a new required parameter: existing calls lack it'],
  'parameter.optional-added': ['non-breaking', 'a new optional parameter: existing calls stay valid'],
  'parameter.removed': ['breaking', 'a parameter the client may send is no longer read'],
  'parameter.made-required': ['breaking', 'an optional parameter became required: calls without it fail'],
  'parameter.made-optional': ['non-breaking', 'a required parameter became optional'],
  'parameter.type-changed': [
    'breaking',
    "a parameter's type or format changed: values the client sends may be refused",
  ],
  'request-body.added-required': ['breaking', 'a required request body: existing calls send none'],
  'request-body.added-optional': ['non-breaking', 'an optional request body was added'],
  'request-body.removed': ['breaking', 'the request body the client sends is no longer read'],
  'request.required-field-added': ['breaking', 'a new required request field: existing requests lack it'],
  'request.optional-field-added': ['non-breaking', 'a new optional request field'],
  'request.field-removed': ['breaking', 'a request field the client may send is no longer read'],
  'request.made-required': ['breaking', 'an optional request field became required'],
  'request.made-optional': ['non-breaking', 'a required request field became optional'],
  'request.type-changed': ['breaking', "a request field's type changed: values the client sends may be refused"],
  'request.format-changed': ['breaking', "a request field's format changed: values the client sends may be refused"],
  'request.enum-narrowed': ['breaking', 'values were removed from a request enum: the client may send one'],
  'request.enum-widened': ['non-breaking', 'values were added to a request enum'],
  'request.limit-narrowed': ['breaking', 'a request limit got stricter: values the client sends may be refused'],
  'request.limit-widened': ['non-breaking', 'a request limit got looser'],
  'request.pattern-changed': ['breaking', 'a request pattern changed: values the client sends may no longer match'],
  'request.default-changed': [
    'breaking',
    'a request default changed: a client that omits the field gets other behaviour',
  ],
  'response.field-added': ['non-breaking', 'a new response field: clients ignore what they do not read'],
  'response.field-removed': ['breaking', 'a response field the client may read is gone'],
  'response.made-optional': ['breaking', 'a response field that was always there may now be absent'],
  'response.made-required': ['non-breaking', 'a response field is now always there'],
  'response.type-changed': ['breaking', "a response field's type changed: the client may not read it"],
  'response.format-changed': ['breaking', "a response field's format changed: the client may not parse it"],
  'response.enum-widened': [
    'breaking',
    'values were added to a response enum: the client may meet one it does not know',
  ],
  'response.enum-narrowed': ['non-breaking', 'values were removed from a response enum'],
  'response.limit-widened': [
    'breaking',
    'a response limit got looser: the client may receive values it was told could not come',
  ],
  'response.limit-narrowed': ['non-breaking', 'a response limit got stricter'],
  'response.pattern-changed': ['non-breaking', 'a response pattern changed'],
  'response.default-changed': ['doc-only', 'a response default changed (a default describes, it does not constrain)'],
  'response.status-added': ['non-breaking', 'a new documented response status'],
  'response.success-removed': ['breaking', 'a success response the client reads is gone'],
  'response.status-removed': ['non-breaking', 'an error response is no longer documented'],
  'doc.description-changed': ['doc-only', 'only the description changed'],
  'doc.example-changed': ['doc-only', 'only the example changed'],
  'doc.summary-changed': ['doc-only', "only the operation's summary changed"],
} as const satisfies Record<string, readonly [ChangeClass, string]>;

export type DiffRule = keyof typeof DIFF_RULES;

export const classOf = (rule: DiffRule): ChangeClass => DIFF_RULES[rule][0];
export const reasonOf = (rule: DiffRule): string => DIFF_RULES[rule][1];
