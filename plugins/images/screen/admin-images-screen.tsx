// /admin/images (ADMIN): images uploaded through a presigned ticket straight to the upload endpoint.
import { adminBackend } from './image-backends.js';
import { ImagesLayout } from './images-layout.js';
import { ImagesManager } from './images-manager.js';

/** The admin variant of the image manager. */
export default function AdminImagesScreen() {
  return (
    <ImagesLayout>
      <ImagesManager backend={adminBackend} variant="admin" />
    </ImagesLayout>
  );
}
