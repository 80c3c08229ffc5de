// The branch pages module's public face: the public page of each open branch (/branches/<slug>).

export { branchPageRoutes } from './routes';
