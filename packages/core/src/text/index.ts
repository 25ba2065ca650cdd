export * from './base64.js';
export * from './codepages.js';
export * from './textScore.js';
export * from './weirdText.js';
export * from './secrets.js';
export * from './logBeautifier.js';
export * from './splunkQuery.js';
