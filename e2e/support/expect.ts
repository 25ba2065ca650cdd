import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Assertions on what a page shows, for the e2e specs: assert with a diff instead of timing out.
 *
 * `await locator.waitFor()` used as an assertion fails with a bare "Timeout 30000ms exceeded waiting
 * for locator(...)", which says nothing about what the page showed instead. These helpers decide
 * pass/fail with the same Playwright locator as before (same text and role matching, visibility and
 * strict mode: more than one match is an error unless `.first()` is asked for). While waiting they
 * only ask whether the locator is visible (the page renders on the same cores); if it never is,
 * they read once what the scope shows instead (its visible text, its elements of the wanted role,
 * or the page's aria snapshot), so a timeout fails with Vitest's diff of the expected text or
 * element against what was actually there.
 */

/** Scope searched by a helper: a whole page or a part of it. */
export type Scope = Page | Locator;

/**
 * Options for `expect.poll` with Playwright's default action timeout (30 s), which the replaced
 * `waitFor()` calls had, and Playwright's first retry interval (the specs' own polls use it).
 */
export const POLL = { timeout: 30_000, interval: 100 } as const;

export interface ExpectOptions {
  /** Milliseconds to wait; default {@link POLL}.timeout. */
  timeout?: number;
}

export interface ExpectTextOptions extends ExpectOptions {
  /** Whole, case-sensitive text instead of a case-insensitive substring (as `getByText`). */
  exact?: boolean;
  /** Several elements may show the text: check the first one (as `.first()`) instead of failing. */
  first?: boolean;
}

type RoleName = Parameters<Page['getByRole']>[0];
export type ExpectRoleOptions = NonNullable<Parameters<Page['getByRole']>[1]> & ExpectOptions;

/**
 * Expects `scope` to show `text` in a visible element, matched as `scope.getByText(text, { exact })`
 * matches. On failure, prints the expected text against the visible text of `scope`.
 */
export async function expectText(scope: Scope, text: string | RegExp, options: ExpectTextOptions = {}): Promise<void> {
  const { exact, first, timeout } = options;
  const matches = scope.getByText(text, exact === undefined ? undefined : { exact });
  await pollUntilVisible(first ? matches.first() : matches, String(text), () => visibleText(scope), timeout);
}

/**
 * Expects `scope` to show a visible element with an ARIA `role`, matched as `scope.getByRole(role,
 * options)` matches (name, exact, selected, level…). On failure, prints the wanted element against
 * the elements of that role in `scope`'s aria snapshot, e.g. `tab "Search Regions" [selected]`.
 */
export async function expectRole(scope: Scope, role: RoleName, options: ExpectRoleOptions = {}): Promise<void> {
  const { timeout, ...byRole } = options;
  await pollUntilVisible(
    scope.getByRole(role, byRole),
    describeRole(role, byRole),
    () => roleLines(scope, role),
    timeout,
  );
}

/**
 * Expects `locator` to be visible (for test ids, labels, placeholders and CSS selectors). On failure,
 * prints whether it matched nothing or only hidden elements, and the page's aria snapshot.
 */
export async function expectVisible(locator: Locator, options: ExpectOptions = {}): Promise<void> {
  const shown = async () => {
    const count = await locator.count();
    const state = count === 0 ? 'matches nothing' : `matches ${count} element(s), not visible`;
    return `${String(locator)}: ${state}\n\npage aria snapshot:\n${await locator.page().ariaSnapshot()}`;
  };
  await pollUntilVisible(locator, `${String(locator)}: visible`, shown, options.timeout);
}

/**
 * Expects `locator` (a dialog, a drawer, a dropdown or an option in one) to have finished its
 * opening motion: neither it, its ancestors nor its children carry antd's motion classes
 * (`…-appear`, `…-enter`, `…-leave`, with their `-prepare`/`-start`/`-active` steps). Click inside
 * only after this: during the zoom-in a button grows under the pointer, and on a busy machine the
 * press can land on the button and the release beside it, which is no click at all (the button
 * keeps the focus, the dialog stays open).
 */
export async function expectSettled(locator: Locator, options: ExpectOptions = {}): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate((el) => {
          const motion = /-(appear|enter|leave)(-(prepare|start|active))?$/;
          const moving: string[] = [];
          const check = (e: Element) => {
            e.classList.forEach((c) => {
              if (motion.test(c)) moving.push(c);
            });
          };
          for (let e: Element | null = el; e; e = e.parentElement) check(e);
          el.querySelectorAll('*').forEach(check);
          return moving;
        }),
      { ...POLL, timeout: options.timeout ?? POLL.timeout },
    )
    .toEqual([]);
}

/**
 * Polls `target.isVisible()` every {@link POLL}.interval ms until it is true: one cheap query per
 * poll, nothing else is computed while waiting (Playwright's `waitFor` would do the same but backs
 * off to a poll every 500 ms). A strict mode violation (several matches) fails at once with
 * Playwright's error, which lists the matches, as `waitFor` does. If the time runs out, `shown()`
 * is taken once, and the failure is Vitest's diff of `expected` against what was shown.
 */
async function pollUntilVisible(
  target: Locator,
  expected: string,
  shown: () => Promise<string>,
  timeout: number = POLL.timeout,
): Promise<void> {
  const deadline = performance.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      if (await target.isVisible()) return;
      lastError = undefined;
    } catch (err) {
      if (err instanceof Error && /strict mode violation/i.test(err.message)) throw err;
      lastError = err; // e.g. the page is navigating: ask again
    }
    if (performance.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, Math.min(POLL.interval, Math.max(0, deadline - performance.now()))));
  }
  const message = `${String(target)} is not visible after ${timeout} ms${lastError ? ` (${String(lastError)})` : ''}`;
  const actual = await shown().catch((err: unknown) => `(could not read what the page shows: ${String(err)})`);
  expect(actual, message).toBe(expected);
  // What was shown reads like what was wanted, yet the wanted element did not become visible in time.
  throw new Error(`${message}; the page shows:\n${actual}`);
}

function isPage(scope: Scope): scope is Page {
  return 'goto' in scope;
}

/** The rendered text of `scope` (`innerText`), without waiting for it to appear. */
async function visibleText(scope: Scope): Promise<string> {
  const texts = await (isPage(scope) ? scope.locator('body') : scope).allInnerTexts();
  return texts.length ? texts.join('\n') : `(${String(scope)} matches nothing)`;
}

/** The aria snapshot lines of `scope` for elements with `role`, unindented, without their children. */
async function roleLines(scope: Scope, role: RoleName): Promise<string> {
  const snapshots = isPage(scope)
    ? [await scope.ariaSnapshot()]
    : await Promise.all((await scope.all()).map((part) => part.ariaSnapshot()));
  if (!snapshots.length) return `(${String(scope)} matches nothing)`;
  const lines = snapshots
    .join('\n')
    .split('\n')
    .map((line) => line.trim().replace(/^- /, ''))
    // YAML puts some lines in single quotes (those with a `#`, `: ` or leading quote): '…'
    .map((line) => (/^'.*':?$/.test(line) ? line.replace(/^'|'(?=:?$)/g, '').replace(/''/g, "'") : line))
    .filter((line) => line === role || line.startsWith(`${role} `) || line.startsWith(`${role}:`))
    .map((line) => line.replace(/:$/, ''));
  return lines.length ? lines.join('\n') : `(no ${role} in ${isPage(scope) ? 'the page' : String(scope)})`;
}

/** The wanted element in aria snapshot notation, e.g. `heading "Shipping Lab" [level=2]`. */
function describeRole(role: RoleName, options: Omit<ExpectRoleOptions, 'timeout'>): string {
  const { name, exact, includeHidden: _includeHidden, ...states } = options;
  let line: string = role;
  if (name !== undefined) line += ` ${typeof name === 'string' ? JSON.stringify(name) : String(name)}`;
  if (exact) line += ' (exact)';
  for (const [key, value] of Object.entries(states)) {
    if (value !== undefined) line += value === true ? ` [${key}]` : ` [${key}=${String(value)}]`;
  }
  return line;
}
