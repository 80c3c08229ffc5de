import { createHash } from 'node:crypto';

/** Only this hash of a signing link's token is stored (decision 0040). */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
