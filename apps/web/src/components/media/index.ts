/**
 * Media tools (spec 001 §2.2, spec 000 §2.4): image cropper, media guide, image manager and media chooser.
 * Feature-free: nothing here imports features/ or app/.
 */
export { imageManagerKeys, uploadImages, useDeleteImage, useImageList, useUpdateImage, useUploadImages } from './api';
export { cropSquare } from './crop-image';
export { ImageCropper, type ImageCropperProps } from './image-cropper';
export { ImageManager, type ImageManagerProps } from './image-manager';
export { assertMediaChooserProps, MediaChooser, type MediaChooserProps } from './media-chooser';
export { readMediaFacts } from './media-file-facts';
export { MediaGuideDialog, type MediaGuideDialogProps } from './media-guide-dialog';
export { MediaLibrary, type MediaLibraryProps } from './media-library';
