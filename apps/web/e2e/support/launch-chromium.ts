import { type Browser, chromium } from 'playwright-core';

// Debian's Chromium (CHROME_PATH for another), headless, as the end-to-end tests and the first-load
// bench (bench/first-load.ts) both drive it. Flags for a closed network: without the
// background-networking ones Chromium keeps dialling out.
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: ARGS });
}
