import { core } from './core';

/**
 * Every user-facing text of the web app (SPEC section 8 messages and the labels), one catalogue.
 * Each feature keeps its section in a file of this folder and adds it here.
 */
export const he = {
  ...core,
} as const;
