import { paths } from '@shared/paths';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getSettings } from '../modules/settings';

export const MANIFEST_PATH = '/manifest.webmanifest';

/** Where the installed app opens: the agent's day (what is due today, new leads, today's figures). */
const APP_START_URL = paths.myDay();

const icon = (size: number, purpose: 'any' | 'maskable') => ({
  src: purpose === 'any' ? `/icons/icon-${size}.png` : `/icons/maskable-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/** The web app manifest of the agents' app, in Hebrew and right to left, coloured by the agency settings. */
export async function appManifest(app: FastifyInstance) {
  const { agencyName, themeColor } = await getSettings(app.db);
  return {
    id: '/app',
    name: `${agencyName} – אזור הסוכנים`,
    short_name: agencyName,
    description: 'הסטטוס היומי, הפניות והדירוג של סוכני המשרד, גם בלי חיבור לרשת',
    lang: 'he',
    dir: 'rtl',
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: themeColor,
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
    shortcuts: [
      { name: 'סטטוס יומי', url: paths.dailyIndicator(), icons: [icon(192, 'any')] },
      { name: 'דירוג הסוכנים', url: paths.scoreBoard(), icons: [icon(192, 'any')] },
    ],
  };
}

/** The head tags that make a signed-in page installable (and iOS's home-screen icon). */
export const APP_HEAD_TAGS = [
  `<link rel="manifest" href="${MANIFEST_PATH}" />`,
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />',
  '<meta name="apple-mobile-web-app-capable" content="yes" />',
  '<meta name="mobile-web-app-capable" content="yes" />',
].join('\n    ');

export const manifestPlugin = fp(
  async (app: FastifyInstance) => {
    app.get(MANIFEST_PATH, async (_request, reply) =>
      reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(await appManifest(app))),
    );
    // The worker must be checked for updates on every visit, never kept by an HTTP cache for an hour.
    app.addHook('onSend', async (request, reply) => {
      if (request.url === '/sw.js') reply.header('cache-control', 'no-cache');
    });
  },
  { name: 'app-manifest', dependencies: ['compression'] },
);
