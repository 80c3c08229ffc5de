import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// findBy*/waitFor give up after 1 s by default: too short on a busy 2-core machine running other suites.
configure({ asyncUtilTimeout: 10_000 });

// A React warning is a bug: fail the test that caused it.
const originalError = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error called: ${String(args[0])}`);
});
