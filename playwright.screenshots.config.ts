import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * `npm run screenshots`: the review screenshots (tests tagged @on-demand, most of them in
 * tests/screenshots/) against the same servers as the journeys, written to `screenshots/`
 * (ignored by git; SCREENSHOT_DIR moves it). They assert little: they are for looking at.
 */
export default defineConfig({
  ...base,
  testDir: "tests",
  testMatch: ["screenshots/**/*.spec.ts", "e2e/**/*.spec.ts"],
  grep: /@on-demand/,
  retries: 0,
  projects: [
    {
      name: "js",
      use: { ...base.use, javaScriptEnabled: true },
      grepInvert: /@no-js-only/,
    },
    {
      name: "no-js",
      use: { ...base.use, javaScriptEnabled: false },
      grepInvert: /@js-only/,
    },
  ],
});
