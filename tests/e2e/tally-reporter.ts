import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the robustness figures after the run: what was tried across all tests, and how many tests failed. */
export default class TallyReporter implements Reporter {
  private readonly tried = new Map<string, number>();
  private failures = 0;
  private passed = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    // A retried test reports every attempt; count only its final one.
    if (result.status !== 'passed' && result.retry < test.retries) return;
    if (result.status === 'passed') this.passed += 1;
    else this.failures += 1;
    for (const annotation of result.annotations ?? test.annotations) {
      if (!annotation.type.startsWith('tally:')) continue;
      const kind = annotation.type.slice('tally:'.length);
      this.tried.set(kind, (this.tried.get(kind) ?? 0) + Number(annotation.description ?? 0));
    }
  }

  onEnd(_result: FullResult): void {
    if (this.passed + this.failures === 0) return;
    const figures = [...this.tried.entries()].map(([kind, count]) => `${kind} tried: ${count}`);
    console.log(`\nBrowser suite: ${[...figures, `tests passed: ${this.passed}`, `failures: ${this.failures}`].join(' · ')}`);
  }
}
