import { defineModule } from '../../module.js';
import { registerTransaction } from './cli.js';
import { transactionsDataset } from './dataset.js';
import * as m0002 from './migrations/0002_transactions.js';
import { transactionRoutes } from './routes.js';
import { transactionsSeeder } from './seed.js';
import { transactionParse, transactionSearch } from './tools.js';

/** Tagged-transaction field definitions: store, importer, starter data, search/parse API, `lab transaction`. */
export const transactionsModule = defineModule({
  name: 'transactions',
  api: transactionRoutes,
  migrations: { '0002_transactions': m0002 },
  seeders: [transactionsSeeder],
  datasets: [transactionsDataset],
  commands: [registerTransaction],
  tools: [transactionParse, transactionSearch],
});
