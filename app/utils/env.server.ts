import os from 'node:os';
import path from 'node:path';
import { readWebEnv } from './web-env-schema.server';

/** The session secret of development and tests only; production refuses it. */
export const DEVELOPMENT_SESSION_SECRET = 'dev-only-secret-change-me-in-production';
/** Values that were only ever examples (.env.example, docker-compose.yml of earlier versions). */
const PLACEHOLDER_SECRET = /change-me|dev-only|^(secret|changeme|password)$/i;

/**
 * The web's configuration, checked once at start (the web server imports the build, so a refusal
 * here stops it with this message). In production: a real SESSION_SECRET and a PUBLIC_URL are
 * required (`npm start` provides both on a fresh clone, docs/decisions/063).
 */
export function parseWebEnv(source: Record<string, string | undefined>) {
  const data = readWebEnv(source);
  const production = data.NODE_ENV === 'production';
  if (production && (!data.SESSION_SECRET || PLACEHOLDER_SECRET.test(data.SESSION_SECRET))) {
    throw new Error(
      `SESSION_SECRET ${data.SESSION_SECRET ? 'is a placeholder' : 'is not set'}: in production it must be a long random value of your own ` +
        '(e.g. `openssl rand -hex 32`). `npm start` makes one for you under data/.',
    );
  }
  if (production && !data.PUBLIC_URL) {
    throw new Error('PUBLIC_URL is not set: in production set it to the address visitors use (https://… behind TLS; `npm start` uses http://localhost:3000).');
  }
  const publicUrl = data.PUBLIC_URL ?? 'http://localhost:3000';
  const https = publicUrl.startsWith('https:');
  if (production && https && data.SECURE_COOKIES === 'false') {
    throw new Error('SECURE_COOKIES=false is for tests on plain http: with an https PUBLIC_URL the cookies stay Secure.');
  }
  return {
    ...data,
    SESSION_SECRET: data.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    PUBLIC_URL: publicUrl,
    uploadTmpDir: path.resolve(data.UPLOAD_TMP_DIR || path.join(os.tmpdir(), 'archivista-uploads')),
    /** Secure cookies whenever visitors come over https (SECURE_COOKIES overrides, for tests). */
    secureCookies: data.SECURE_COOKIES ? data.SECURE_COOKIES === 'true' : https,
  };
}

export const env = parseWebEnv(process.env);
