import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24 * 14),
  COOKIE_SECURE: booleanish,
  TRUST_PROXY: booleanish,
  APP_ORIGIN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('"LINK נדל״ן" <no-reply@example.com>'),
  SEED_DEMO: booleanish,
  /** Folder of the built web app (default dist/web). */
  WEB_ROOT: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Parses process.env once; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class EnvError extends Error {
  override name = 'EnvError';
}
