import { defineModule, registerPlugin } from '../../module.js';
import { citiesRoutes } from './cities/routes.js';
import { datasetStatusRoutes } from './datasets/routes.js';
import { etdEciDataset } from './etd-eci/dataset.js';
import { etdEciRoutes } from './etd-eci/routes.js';
import { hsCnDataset } from './hs-codes/dataset.js';
import { hsCodesRoutes } from './hs-codes/routes.js';
import * as m0004 from './migrations/0004_lookups.js';
import { createPlaces, type Places } from './places.js';
import { postalGeonamesDataset } from './postal/dataset.js';
import { postalRoutes } from './postal/routes.js';
import { regionsServedDataset } from './regions/dataset.js';
import { regionsRoutes } from './regions/routes.js';
import { lookupsConfig } from './settings.js';

declare module '../../module.js' {
  interface LabServices {
    /** Cities and postal codes: where a search starts, the cities near it, a postal code's places. */
    places: Places;
  }
}

/**
 * Useful Tools lookups, one folder each: regions (and US states), cities, HS codes (CN), ETD/ECI
 * requirements, postal codes. They share one migration (their tables) and the cell rules of
 * their datasets (fields.ts).
 */
export const lookupsModule = defineModule({
  name: 'lookups',
  api: async (app) => {
    await registerPlugin(app, regionsRoutes);
    await registerPlugin(app, citiesRoutes);
    await registerPlugin(app, hsCodesRoutes);
    await registerPlugin(app, etdEciRoutes);
    await registerPlugin(app, postalRoutes);
    await registerPlugin(app, datasetStatusRoutes);
  },
  migrations: { '0004_lookups': m0004 },
  datasets: [regionsServedDataset, hsCnDataset, etdEciDataset, postalGeonamesDataset],
  config: lookupsConfig,
  provides: { places: createPlaces },
});
