import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SpecificInterface } from '@lab/core/carrier';
import type { SpecificFormProps } from '../shared/types';

/**
 * The specific forms the playground shows instead of the JSON editor, by the catalogue entry's
 * `specificInterface` (Account Verification, Image Upload, Trade Document Upload). Each is lazy.
 */
export type SpecificForm = LazyExoticComponent<ComponentType<SpecificFormProps>>;

export const SPECIFIC_FORMS: Partial<Record<SpecificInterface, SpecificForm>> = {
  accountVerification: lazy(() => import('./AccountVerification')),
  imageUpload: lazy(() => import('./ImageUpload')),
  tradeDocumentUpload: lazy(() => import('./TradeDocumentUpload')),
};
