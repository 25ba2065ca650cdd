export * from './choices.js';
export * from './state.js';
export * from './build.js';
export { DATA_FIELD_PATH } from './labelSpecification.js';
export { PAYLOAD_WARNING_MESSAGES, type PayloadWarning, type PayloadWarningCode } from './warnings.js';
export { TRANSACTION_TAG_MAPPINGS, type TagMapping } from './transactionTags.js';
export * from './transaction.js';
