import { z } from 'zod';
import { numberText, successSchema } from './common';
import { propertyPageSchema } from './property';
import { publicUserSchema } from './user';

/** Listings per page of a branch's public page (as many as a page of /Sale). */
export const BRANCH_PAGE_SIZE = 12;

/**
 * A branch as the public site shows it (/branches/<slug>): the office's own details only. The e-mail, the legal
 * entity and the licensed brokers stay in the signed-in area (a franchise's e-mail is often its owner's own).
 */
export const publicBranchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  openingHours: z.string(),
});
export type PublicBranch = z.infer<typeof publicBranchSchema>;

/** Any text: a slug that is not one (wrong letters, too long) is simply not found. */
export const branchPageParamsSchema = z.object({ slug: z.string().max(200) });

export const branchPageQuerySchema = z.object({
  page: numberText(z.number({ error: 'מספר עמוד לא תקין' }).int().min(1).max(1_000).default(1)),
});

/** The branch page: the branch, its active agents as the agents grid shows them, one page of its listings. */
export const branchPageSchema = z.object({
  branch: publicBranchSchema,
  agents: z.array(publicUserSchema),
  listings: propertyPageSchema,
});
export type BranchPage = z.infer<typeof branchPageSchema>;

export const branchPageResponseSchema = successSchema(branchPageSchema);

/** The open branches as /AboutLink lists them, each with a link to its page. */
export const openBranchesResponseSchema = successSchema(z.object({ branches: z.array(publicBranchSchema) }));
