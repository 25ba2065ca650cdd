import fc from 'fast-check';

/**
 * Vitest setup for every project with property tests (core, server, web): a failed property says
 * how to replay it. fast-check's message already holds the seed and counterexample path; this adds
 * the command line, and FC_SEED makes every property of the run start from that seed:
 *
 *   FC_SEED=-1419870120 npx vitest run packages/core/src/text/splunkQuery.test.ts
 */
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
if (seed !== undefined && !Number.isInteger(seed))
  throw new Error(`FC_SEED must be an integer, got "${process.env.FC_SEED}"`);

fc.configureGlobal({
  ...(seed === undefined ? {} : { seed }),
  reporter: (details) => {
    if (!details.failed) return;
    throw new Error(
      `${fc.defaultReportMessage(details)}\n\nReplay with FC_SEED=${details.seed} (counterexample path ${details.counterexamplePath ?? '-'}).`,
      { cause: details.errorInstance },
    );
  },
});
