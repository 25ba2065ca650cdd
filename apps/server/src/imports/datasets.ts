import { transactionsDataset } from '../modules/transactions/dataset.js';
import type { Dataset } from './registry.js';

/** Every dataset `lab import` knows. A module with importable data adds one line here. */
export const datasets: Dataset<any>[] = [transactionsDataset];
