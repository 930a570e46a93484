/**
 * `npm run admin:create -- --email admin@example.com --password '…' [--name "Jane Doe"] [--promote]`
 *
 * Creates the super-admin, or resets the password of an existing one (ending its sessions).
 * The email and password may also come from ADMIN_EMAIL and ADMIN_PASSWORD (keeps the password out
 * of the shell history) or as two positional arguments. Uses the same database as the api:
 * DATABASE_URL, or the embedded PGlite under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { createOrResetSuperAdmin, SuperAdminError } from '../queries/admin-accounts.js';

const USAGE = `Usage: npm run admin:create -- --email <email> --password <password> [--name <name>] [--promote]
       ADMIN_EMAIL=<email> ADMIN_PASSWORD=<password> npm run admin:create`;

const options = {
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  promote: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs() {
  try {
    return parseArgs({ options, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const args = readArgs();

if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const email = args.values.email ?? args.positionals[0] ?? process.env.ADMIN_EMAIL;
const password = args.values.password ?? args.positionals[1] ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error(`An email and a password are required.\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const { action, user } = await createOrResetSuperAdmin(database.db, {
    email,
    password,
    name: args.values.name,
    promote: args.values.promote ?? false,
  });
  const what = { created: 'Created the super-admin', reset: 'Reset the password of the super-admin', promoted: 'Promoted to super-admin' }[action];
  console.log(`${what} ${user.email} (${database.kind}). Sign in at ${config.PUBLIC_URL}/admin/login`);
  process.exitCode = 0;
} catch (error) {
  if (error instanceof SuperAdminError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await database.close();
}
