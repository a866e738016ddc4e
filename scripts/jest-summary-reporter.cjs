// Writes each package's pass/fail counts, and the names and first lines of what failed, where scripts/test.mjs
// sums them into the closing lines: CI keeps only the tail of a long run's output.
const fs = require('node:fs');
const path = require('node:path');

const firstLines = (message) =>
  message
    // eslint-disable-next-line no-control-regex -- jest's messages are coloured with ANSI escapes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 6)
    .join(' | ');

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
    const failures = [];
    for (const file of results.testResults) {
      const where = path.relative(this.rootDir, file.testFilePath);
      if (file.testExecError) failures.push(`${where}: ${firstLines(file.testExecError.message ?? '')}`);
      for (const test of file.testResults) {
        if (test.status !== 'failed') continue;
        failures.push(`${where} › ${test.fullName}: ${firstLines(test.failureMessages.join('\n'))}`);
      }
    }
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({ passed: results.numPassedTests, failed, failures }),
    );
  }
}
module.exports = SummaryReporter;
