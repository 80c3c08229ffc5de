// The images module's public face: one call checks an upload and makes its variants.

export { type ProcessedImage, processImage } from './pipeline';
