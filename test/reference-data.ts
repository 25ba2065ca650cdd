import fs from 'node:fs';
import path from 'node:path';

/** The carrier's reference data beside the checkout (`../shared/reference`), as CI has it. */
export const referenceDir = path.resolve(import.meta.dirname, '../../shared/reference');

/**
 * Vitest globalSetup of the projects whose tests read the reference data (core, server, e2e):
 * checks once, up front, that it is there, and fails the run with one message naming the folder
 * instead of a failure per test.
 */
export default function checkReferenceData(): void {
  const readme = path.join(referenceDir, 'README.md');
  if (!fs.existsSync(readme)) {
    throw new Error(
      `The tests read the carrier's reference data from ${referenceDir}, which is missing. ` +
        'Put the shared folder beside the repository (../shared/reference, as CI has it) and run the tests again.',
    );
  }
}
