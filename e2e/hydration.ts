import type { Page } from '@playwright/test';

/** Waits until React has hydrated the server's HTML (its handlers are attached), so a key press is not lost. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() =>
    Object.keys(document.querySelector('#root header') ?? {}).some((key) => key.startsWith('__react')),
  );
