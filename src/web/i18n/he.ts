import { accessibility } from './accessibility';
import { admin } from './admin';
import { core } from './core';
import { inquiries } from './inquiries';
import { performance } from './performance';
import { properties } from './properties';
import { publicSite } from './public-site';
import { reports } from './reports';

/**
 * Every user-facing text of the web app (SPEC section 8 messages and the labels), one catalogue.
 * Each feature keeps its section in a file of this folder and adds it here.
 */
export const he = {
  ...core,
  accessibility,
  admin,
  inquiries,
  performance,
  properties,
  publicSite,
  reports,
} as const;
