import type { ToolDefinition } from './types';

// Every src/tools/<tool>/index.ts, collected at build time: adding a tool touches one folder.
const modules = import.meta.glob<{ default: ToolDefinition }>('./*/index.ts', { eager: true });

export const tools: ToolDefinition[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
