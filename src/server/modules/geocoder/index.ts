// The geocoder's public face (docs/locations.md): an address to a suggested point, through the configured
// Nominatim-compatible service, throttled and cached.

export { geocodeRoutes } from './routes';
