import { transactionsDataset } from '../modules/transactions/dataset.js';
import type { Dataset } from './registry.js';
import { etdEciDataset } from './etd-eci.js';
import { hsCnDataset } from './hs-cn.js';
import { postalGeonamesDataset } from './postal-geonames.js';
import { regionsServedDataset } from './regions-served.js';

/** Every dataset `lab import` knows. A module with importable data adds one line here. */
export const datasets: Dataset<any>[] = [
  transactionsDataset,
  regionsServedDataset,
  hsCnDataset,
  etdEciDataset,
  postalGeonamesDataset,
];
