// How the browser tests and the benchmarks start Chromium: Debian's build, with the flags this workplace's
// closed network needs (without the background-networking ones Chromium keeps dialling out and failing).
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
