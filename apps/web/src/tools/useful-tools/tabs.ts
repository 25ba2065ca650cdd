import type { ComponentType } from 'react';

/** The tab bar's groups, in order. */
export type TabGroup = 'lookups' | 'calculators' | 'text';
export const TAB_GROUPS: TabGroup[] = ['lookups', 'calculators', 'text'];

/** A tab of the Useful Tools page: one folder under ./tabs/<key>/ with an index.ts. */
export interface TabDefinition {
  /** Kept in the URL as ?tab=<key>. */
  key: string;
  label: string;
  /** The label in Chinese. */
  zh: string;
  /** Where it sits in the tab bar. */
  group: TabGroup;
  /** Lower first; the lowest is the default tab. */
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

export function defineTab(tab: TabDefinition): TabDefinition {
  return tab;
}

const modules = import.meta.glob<{ default: TabDefinition }>('./tabs/*/index.ts', { eager: true });

export const usefulTabs: TabDefinition[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.order - b.order);
