import { openFromEnv } from './open';

const { handle } = await openFromEnv();
await handle.close();
console.info(`migrations applied (${handle.kind})`);
