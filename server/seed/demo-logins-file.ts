import path from 'node:path';

/** Where a seed leaves its demo logins, for `npm start`'s banner (scripts/start.ts) to show on every start. */
export const demoLoginsFile = (dataDir: string) => path.join(dataDir, 'demo-logins.txt');
