import type { ComponentType } from 'react';

/** Header menu groups, in menu order. `null` = a routed page that is not in the menu. */
export type MenuGroup = 'Apps' | 'Transaction' | 'APIs';
export const menuGroups: MenuGroup[] = ['Apps', 'Transaction', 'APIs'];

/**
 * What a tool folder's index.ts declares. The router and the header menu are both built from the
 * list of these (src/tools/registry.ts), so a tool appears when its folder exists.
 */
export interface ToolDefinition {
  /** Route path below /lab, e.g. `/transaction/search`. */
  path: string;
  /** Menu title and page title. */
  title: string;
  /** One line for the Home catalogue. */
  description: string;
  /** Menu group; `null` keeps the route out of the header menu (still in the catalogue). */
  group: MenuGroup | null;
  /** Position in the menu and catalogue (lower first). See docs/ARCHITECTURE.md for the table. */
  order: number;
  /** The title and description in Chinese (menu, Home, page title); English is shown when absent. */
  zh?: { title: string; description: string };
  /** Extra words the Home filter matches. */
  keywords?: string[];
  /** Hidden from the Home catalogue (Home itself, NotFound). */
  hideFromCatalogue?: boolean;
  /** The page, loaded lazily in its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
}

export function defineTool(tool: ToolDefinition): ToolDefinition {
  return tool;
}

/** A tool's title and description in the given language. */
export function toolText(tool: ToolDefinition, lang: 'en' | 'zh'): { title: string; description: string } {
  return lang === 'zh' && tool.zh ? tool.zh : { title: tool.title, description: tool.description };
}
