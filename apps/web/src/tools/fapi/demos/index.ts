import { lazy } from 'react';

/**
 * The demo under a successful response (locations map, postal summary, create-shipment labels;
 * `Demo coming soon` for other endpoints). Lazy: the map and label code stay out of the page chunk.
 */
export const ResponseDemo = lazy(() => import('./ResponseDemo'));
