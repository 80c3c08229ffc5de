// The import module's public face: its routes and the run the command line starts.

export { importFailureMessage } from './failure';
export { formatReport } from './report-text';
export { importRoutes } from './routes';
export { runImport } from './run-import';
