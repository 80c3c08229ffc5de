// The images module's public face: one call checks an upload and makes its variants.

export { mailPhotoKey, mailPhotoPath, mailPhotoRoutes } from './mail-photos';
export { type ProcessedImage, processImage } from './pipeline';
