#!/usr/bin/env node
// Writes data/transactions/GSMW14.json, the starter definitions the server seeds on first start:
// for transaction types 020 and 120, one row per field id with its name from the public tag list
// (../shared/reference/fsms/tags.json). Nothing else is known about the fields, so every other
// attribute is left out (empty) rather than guessed. Run: node scripts/transactions-starter.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(root, '../shared/reference/fsms/tags.json');
const target = path.join(root, 'data', 'transactions', 'GSMW14.json');
const types = ['020-global-shipping-transaction-request', '120-global-shipping-transaction-reply'];

const { fields } = JSON.parse(fs.readFileSync(source, 'utf8'));
const seen = new Set();
const unique = fields.filter((f) => Number.isInteger(f.id) && !seen.has(f.id) && seen.add(f.id));
const rows = types.flatMap((type) =>
  unique.map((f) => ({ tran_type: type, tran_id: f.id, description: String(f.name).trim() })),
);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(rows, null, 1)}\n`);
console.log(
  `wrote ${rows.length} definitions (${unique.length} fields × ${types.length} types) to ${path.relative(root, target)}`,
);
