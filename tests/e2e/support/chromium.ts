import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, as the CI installs it. The network flags stop Chromium's own background
 * connections, which this machine's closed network refuses (and which would slow every start).
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
