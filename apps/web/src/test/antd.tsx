import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// antd's own CSS-in-JS engine (a dependency of antd, the same copy antd uses).
import { StyleProvider, type CSSObject, type Transformer } from '@ant-design/cssinjs';

/**
 * The CSS properties anything in a test reads from computed styles: Testing Library's role queries and
 * jest-dom's toBeVisible (display, visibility, opacity), user-event's check that an element can be
 * clicked (pointer-events). jsdom lays nothing out, so no other property changes what a test sees.
 */
const READ_IN_TESTS = new Set(['display', 'visibility', 'opacity', 'pointerEvents']);

/** A nested rule (selector, at-rule) rather than a property's value: cssinjs's own test when it serializes. */
function isNested(key: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (key === 'animationName' && '_keyframe' in value) return false; // a Keyframes value
  return !('_skip_check_' in value) && !('_multi_value_' in value); // `{ value, _skip_check_ }`, multi-values
}

/**
 * Keeps of antd's styles only the declarations tests read. jsdom's getComputedStyle matches every rule
 * of every sheet against the element, and Testing Library calls it for each node it looks at (whether
 * it is hidden, its accessible name): with antd's full dev CSS (≈1,400 rules) one `getByRole` on a
 * large screen took seconds. The rules that hide things (hidden tab panes, closed dropdowns, motion
 * classes) stay, in their order, so what is visible or clickable is what it is with the full CSS.
 */
const onlyWhatTestsRead: Transformer = {
  visit: (css: CSSObject) =>
    Object.fromEntries(
      Object.entries(css).filter(([key, value]) => READ_IN_TESTS.has(key) || isNested(key, value)),
    ) as CSSObject,
};

/**
 * antd as the tests render it: no motion (the theme's `motion: false`, which also turns rc-motion off),
 * selectors without the dev-only hash wrapper (`:where(.css-dev-only-…)`: the same elements match, the
 * selectors are half as long to match), and only the style declarations tests read (see above).
 * The app's own ConfigProvider inside it still applies its theme on top.
 */
export function TestAntd({ children }: { children: ReactNode }) {
  return (
    <StyleProvider transformers={[onlyWhatTestsRead]}>
      <ConfigProvider theme={{ hashed: false, token: { motion: false } }}>{children}</ConfigProvider>
    </StyleProvider>
  );
}
