import { lazy } from 'react';

/** The JSON editor (vanilla-jsoneditor), loaded on first use. */
export const LazyJsonEditor = lazy(() => import('./JsonEditor'));
