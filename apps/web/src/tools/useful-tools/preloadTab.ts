import { usefulTabs } from './tabs';

/** Starts loading the chunk of the tab the current URL shows (?tab=<key>, else the first). */
export function preloadActiveTab(): void {
  const key = new URLSearchParams(window.location.search).get('tab');
  const tab = usefulTabs.find((t) => t.key === key) ?? usefulTabs[0];
  void tab?.load().catch(() => {});
}
