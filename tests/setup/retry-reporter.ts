import type { Reporter, TestCase } from 'vitest/node';

/**
 * The unit and api runs' counterpart of the journeys' retry reporter (decision 305): a test that
 * passed only when run again is named at the end, so a flaky test is never hidden by a green run.
 */
export default class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state === 'passed' && diagnostic && diagnostic.retryCount > 0) {
      this.retried.push(`  ${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} › ${testCase.fullName}`);
    }
  }

  onTestRunEnd() {
    console.log(`\nPassed only on retry: ${this.retried.length}${this.retried.length ? `\n${this.retried.join('\n')}` : ''}`);
  }
}
