import fs from 'node:fs';

/** Where system Chromium is: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => !!p,
  );
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      [
        'End-to-end tests need Chromium, and none was found.',
        `Looked at: ${candidates.join(', ')}.`,
        'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
      ].join('\n'),
    );
  }
  return found;
}

/** Flags for a quiet, isolated headless Chromium on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
