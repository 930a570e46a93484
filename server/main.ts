import { runApi } from './run-api.js';

await runApi();
