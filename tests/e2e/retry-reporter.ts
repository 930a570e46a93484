import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Ends the run with "Passed only on retry: N" and the name of each such journey (the README's
 * promise), so a flaky journey is never hidden behind a green run.
 */
export default class RetryReporter implements Reporter {
  private readonly retried = new Map<string, TestCase>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' && result.retry > 0) this.retried.set(test.id, test);
  }

  onEnd() {
    const names = [...this.retried.values()].map((test) => `  ${test.parent.project()?.name ?? ''} › ${test.titlePath().slice(1).join(' › ')}`);
    console.log(`\nPassed only on retry: ${names.length}${names.length ? `\n${names.join('\n')}` : ''}`);
  }
}
