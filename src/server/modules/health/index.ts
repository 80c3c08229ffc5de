// The health module's public face: its routes and the drain a stopping process starts.

export { healthRoutes, startDraining } from './routes';
