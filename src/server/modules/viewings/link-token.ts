import { createHash, randomBytes } from 'node:crypto';

/** A visitor's link token: 256 random bits; only its SHA-256 is stored (decision 0050). */
export const newViewingToken = () => randomBytes(32).toString('base64url');

export const hashViewingToken = (token: string) => createHash('sha256').update(token).digest('hex');
