// System Chromium for the benchmarks that time screens, as the end-to-end tests launch it.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium.ts';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}
