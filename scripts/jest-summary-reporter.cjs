// Writes each package's pass/fail counts where scripts/test.mjs sums them into one closing line.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }
  onRunComplete(_contexts, results) {
    const dir = process.env.CONSOLE_TEST_RESULTS;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = path.basename(this.rootDir);
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({ passed: results.numPassedTests, failed }),
    );
  }
}
module.exports = SummaryReporter;
