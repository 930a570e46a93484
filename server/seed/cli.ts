import { loadConfig } from '../config.js';
import { LOCKS, openDatabase } from '../db/connection.js';
import { createStorage } from '../services/storage/create-storage.js';
import fs from 'node:fs';
import { demoLoginsFile, demoLoginsText, seedDemoIfEmpty } from './demo.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const storage = createStorage(config);
await storage.prepare();
// Api replicas starting together on an empty database each start a seed: one seeds, the others find users.
const seeded = await database.exclusive(LOCKS.demoSeed, () => seedDemoIfEmpty({ db: database.db, storage, config, progress: (line) => console.log(line) }));
if (seeded) {
  console.log(`Demo data seeded.${demoLoginsText(seeded)}`);
  fs.writeFileSync(demoLoginsFile(config.dataDir), demoLoginsText(seeded).trim());
} else {
  console.log('The database already has users; nothing seeded. Remove data/ (embedded) to start over.');
}
await database.close();
