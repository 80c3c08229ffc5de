// The alerts module's public face: its routes and pages, the job, and the hooks other modules call.

export { matchRoutes } from './agent-routes';
export { saveSearchFormPost } from './form-post';
export { alertsPurgeTick, runAlertsOnce, startAlertsJob } from './job';
export { alertLinkPages } from './link-pages';
export { escapeHtml, mailButton, mailPage, mailSender } from './mail-layout';
export { isLiveAccessToken } from './page';
export { ensureRequirement } from './requirement';
export { alertRoutes } from './routes';
export { issueToken } from './tokens';
